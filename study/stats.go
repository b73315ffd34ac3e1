package study

import (
	"math"
	"sort"
)

// Spearman returns the rank correlation of a and b (ties take their
// mean rank), or NaN when either does not vary.
func Spearman(a, b []float64) float64 {
	return pearson(ranks(a), ranks(b))
}

func pearson(a, b []float64) float64 {
	n := float64(len(a))
	if len(a) < 2 || len(a) != len(b) {
		return math.NaN()
	}
	var ma, mb float64
	for i := range a {
		ma += a[i] / n
		mb += b[i] / n
	}
	var sab, saa, sbb float64
	for i := range a {
		sab += float64((a[i] - ma) * (b[i] - mb))
		saa += float64((a[i] - ma) * (a[i] - ma))
		sbb += float64((b[i] - mb) * (b[i] - mb))
	}
	if saa == 0 || sbb == 0 {
		return math.NaN()
	}
	return sab / math.Sqrt(float64(saa*sbb))
}

func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool { return v[idx[x]] < v[idx[y]] })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// percentile returns the p-th percentile (0 to 1) of sorted values.
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	i := float64(p * float64(len(sorted)-1))
	lo := int(math.Floor(i))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + float64((i-float64(lo))*(sorted[hi]-sorted[lo]))
}

// nnls returns the non-negative least-squares solution w of rows·w ≈ y:
// the unconstrained solution on every subset of the columns, the best
// of those with no negative weight. Fine for the few columns of the
// time model.
func nnls(rows [][]float64, y []float64) []float64 {
	k := len(rows[0])
	best, bestErr := make([]float64, k), math.Inf(1)
	for set := 1; set < 1<<k; set++ {
		var cols []int
		for j := range k {
			if set&(1<<j) != 0 {
				cols = append(cols, j)
			}
		}
		w, ok := leastSquares(rows, y, cols)
		if !ok {
			continue
		}
		neg := false
		for _, v := range w {
			neg = neg || v < 0
		}
		if neg {
			continue
		}
		full := make([]float64, k)
		for i, j := range cols {
			full[j] = w[i]
		}
		var sse float64
		for i, r := range rows {
			d := y[i]
			for j := range k {
				d -= float64(r[j] * full[j])
			}
			sse += float64(d * d)
		}
		if sse < bestErr {
			best, bestErr = full, sse
		}
	}
	return best
}

// leastSquares solves the normal equations of rows·w ≈ y on the columns
// cols, by Gaussian elimination with partial pivoting; ok is false when
// they are singular.
func leastSquares(rows [][]float64, y []float64, cols []int) (w []float64, ok bool) {
	n := len(cols)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n+1)
	}
	for r, row := range rows {
		for i, ci := range cols {
			for j, cj := range cols {
				a[i][j] += float64(row[ci] * row[cj])
			}
			a[i][n] += float64(row[ci] * y[r])
		}
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, false
		}
		a[c], a[p] = a[p], a[c]
		for r := range n {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for j := c; j <= n; j++ {
				a[r][j] -= float64(f * a[c][j])
			}
		}
	}
	w = make([]float64, n)
	for i := range n {
		w[i] = a[i][n] / a[i][i]
	}
	return w, true
}
