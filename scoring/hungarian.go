package scoring

import "math"

// assign solves the assignment problem on an n×m matrix of scores (row i,
// column j at score[i*m+j]): it pairs min(n, m) rows and columns, each at
// most once, so that the paired scores sum to the most. It returns, for
// each row, its column, or -1 for a row left over (n > m).
//
// It is the Hungarian algorithm with potentials (Kuhn 1955, Munkres 1957,
// in the O(r²·c) shortest-augmenting-path form of Jonker and Volgenant),
// run on the smaller side as rows: O(min(n,m)²·max(n,m)) time, O(n+m)
// memory besides the matrix. It returns nil once done is closed (looked at
// after each row, O(n·m) work).
func assign(score []float64, n, m int, done <-chan struct{}) []int {
	rowOf := make([]int, n)
	for i := range rowOf {
		rowOf[i] = -1
	}
	if n == 0 || m == 0 {
		return rowOf
	}
	// Rows must be the smaller side; the cost, minimized, is -score.
	rows, cols := n, m
	cost := make([]float64, n*m)
	if n <= m {
		for k, s := range score {
			cost[k] = -s
		}
	} else {
		rows, cols = m, n
		for i := 0; i < n; i++ {
			for j := 0; j < m; j++ {
				cost[j*n+i] = -score[i*m+j]
			}
		}
	}
	inf := math.Inf(1)
	u := make([]float64, rows+1)
	v := make([]float64, cols+1)
	p := make([]int, cols+1) // p[j]: the row (1-based) assigned to column j; 0 for none
	way := make([]int, cols+1)
	minv := make([]float64, cols+1)
	used := make([]bool, cols+1)
	for i := 1; i <= rows; i++ {
		if isDone(done) {
			return nil
		}
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j] = inf
			used[j] = false
		}
		for {
			used[j0] = true
			i0 := p[j0]
			row := cost[(i0-1)*cols : i0*cols]
			ui := u[i0]
			delta := inf
			j1 := 0
			for j := 1; j <= cols; j++ {
				if used[j] {
					continue
				}
				cur := row[j-1] - ui - v[j]
				if cur < minv[j] {
					minv[j] = cur
					way[j] = j0
				}
				if minv[j] < delta {
					delta = minv[j]
					j1 = j
				}
			}
			for j := 0; j <= cols; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	for j := 1; j <= cols; j++ {
		if p[j] == 0 {
			continue
		}
		if n <= m {
			rowOf[p[j]-1] = j - 1
		} else {
			rowOf[j-1] = p[j] - 1
		}
	}
	return rowOf
}
