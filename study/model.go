package study

import (
	"fmt"

	"mazebook/maze/difficulty"
)

// Model returns the fitted setting as a difficulty model, or an error
// saying why it cannot be one: a weight past the bounds a model file is
// read within (difficulty.ParseModel would refuse the file), or none above zero.
func (rep *Report) Model() (difficulty.Model, error) {
	m := difficulty.Model{People: []difficulty.Person{rep.Fitted}}
	key, err := difficulty.CheckPerson(rep.Fitted)
	switch {
	case err == nil:
		return m, nil
	case key == "step" || key == "turn" || key == "look" || key == "wrong":
		return difficulty.Model{}, fmt.Errorf("the fitted %s weight %v: the trials do not pin the weights down (the step of the pencil, their unit, came out near %.3g), so a model would hold a weight past the %d a model file may: record more trials on more mazes of different sizes", key, err, rep.Fitted.Step, difficulty.MaxWeight)
	}
	return difficulty.Model{}, fmt.Errorf("the fitted setting: %s %v", key, err)
}
