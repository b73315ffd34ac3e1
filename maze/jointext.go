package maze

import "math"

// JoinText keeps more cells of grid g so that the cells keep keeps, the
// letters of a word, are connected, as JoinIslands does, but by the
// cheapest runs where a cell's cost grows with its height above the
// lowest third of a capital: letters are joined along their baseline (or
// inside their strokes), never across their tops, and an accent by the
// shortest drop to its letter. baseline is the y of the line the letters
// stand on and capHeight the height of a capital, in grid units. It
// changes keep in place.
func JoinText(g Grid, keep []bool, baseline, capHeight float64) error {
	island, n, err := DropSpecks(g, keep)
	if err != nil || n <= 1 {
		return err
	}
	cost := make([]int32, len(keep))
	for c := range cost {
		y := g.Center(c).Y
		above := (baseline - capHeight/3 - y) / capHeight // in capitals above the low band
		switch {
		case above > 0:
			cost[c] = 1 + int32(math.Ceil(float64(120*above)))
		case y > baseline:
			cost[c] = 2 // under the baseline: a little dearer than on it
		default:
			cost[c] = 1
		}
	}
	first := int32(-1)
	for _, i := range island {
		if i >= 0 {
			first = i
			break
		}
	}
	joined := make([]bool, len(keep))
	for c, i := range island {
		joined[c] = i == first
	}
	dist := make([]float64, len(keep))
	back := make([]int32, len(keep))
	for {
		// The cheapest run from the joined cells to another island: the
		// cost of a run is that of the cells it keeps (the joined and the
		// reached island's cost nothing).
		var q heap
		for c := range dist {
			dist[c], back[c] = math.Inf(1), -2
			if joined[c] {
				dist[c], back[c] = 0, -1
				q.push(heapItem{cell: int32(c)})
			}
		}
		hit := -1
		for q.len() > 0 {
			it := q.pop()
			c := int(it.cell)
			if it.prio > dist[c] {
				continue
			}
			if keep[c] && !joined[c] {
				hit = c
				break
			}
			for s := 0; s < g.Sides(c); s++ {
				nb := g.Neighbor(c, s)
				if nb < 0 {
					continue
				}
				step := float64(cost[nb])
				if keep[nb] {
					step = 0 // an island's own cell is kept already
				}
				if d := dist[c] + step; d < dist[nb] {
					dist[nb], back[nb] = d, int32(c)
					q.push(heapItem{prio: d, cell: int32(nb)})
				}
			}
		}
		if hit < 0 {
			return nil // every island is joined
		}
		for c := int(back[hit]); c >= 0 && !joined[c]; c = int(back[c]) {
			keep[c] = true
			joined[c] = true
		}
		reached := island[hit]
		for c, i := range island {
			if i == reached {
				joined[c] = true
			}
		}
	}
}
