package maze_test

import (
	"fmt"
	"log"

	"mazebook/maze"
)

// A maze is made from a recipe: the same recipe, seed included, gives the
// same maze on every machine. Its text form draws the walls as '#' and
// the way through as '.'.
func ExampleMake() {
	m, err := maze.Make(maze.Recipe{
		Shape:     maze.Rectangle,
		Size:      maze.Size{W: 5, H: 3},
		Algorithm: "backtracker",
		Seed:      7,
	})
	if err != nil {
		log.Fatal(err)
	}
	text, err := m.Text(m.Solution())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(text))
	fmt.Println("shortest way:", len(m.Solution()), "cells")
	// Output:
	// ###########
	// ....#.....#
	// # #.#.###.#
	// # #.#.# #.#
	// ###.#.# #.#
	// #  ...#  ..
	// ###########
	// shortest way: 11 cells
}
