package maze

import (
	"fmt"
	"strconv"
)

// Texture is the average character of one generator's mazes.
type Texture struct {
	Algorithm string
	Mean      MeanMetrics
}

// MeanMetrics are metrics averaged over several mazes.
type MeanMetrics struct {
	SolutionLength, Turns, Decisions, DeadEnds, DeadEndDepthMean float64
	Branches, LongestStraight, HorizontalBias, OffSolution       float64
}

// Textures measures samples mazes of w by h cells of every registered
// generator, with corner doors and seeds 0.. derived from the generator's
// name, and returns each generator's average metrics, so their textures can
// be compared side by side.
func Textures(w, h, samples int) ([]Texture, error) {
	g, err := NewRect(w, h)
	if err != nil {
		return nil, err
	}
	if samples < 1 {
		return nil, fmt.Errorf("textures: need at least one sample")
	}
	var out []Texture
	for _, a := range Algorithms() {
		var sum MeanMetrics
		for i := 0; i < samples; i++ {
			m, err := a.Generate(g, DeriveSeed(0, a.Name, strconv.Itoa(i)))
			if err != nil {
				return nil, err
			}
			m.PlaceDoors(Corners, nil)
			mt := m.Measure()
			sum.SolutionLength += float64(mt.SolutionLength)
			sum.Turns += float64(mt.Turns)
			sum.Decisions += float64(mt.Decisions)
			sum.DeadEnds += float64(mt.DeadEnds)
			sum.DeadEndDepthMean += mt.DeadEndDepthMean
			sum.Branches += float64(mt.Branches)
			sum.LongestStraight += float64(mt.LongestStraight)
			sum.HorizontalBias += mt.HorizontalBias
			sum.OffSolution += mt.OffSolution
		}
		k := float64(samples)
		out = append(out, Texture{Algorithm: a.Name, Mean: MeanMetrics{
			SolutionLength: sum.SolutionLength / k, Turns: sum.Turns / k, Decisions: sum.Decisions / k,
			DeadEnds: sum.DeadEnds / k, DeadEndDepthMean: sum.DeadEndDepthMean / k, Branches: sum.Branches / k,
			LongestStraight: sum.LongestStraight / k, HorizontalBias: sum.HorizontalBias / k, OffSolution: sum.OffSolution / k,
		}})
	}
	return out, nil
}
