//! The value of a graph by the fusion and colon principles, in time linear
//! in its edges.
//!
//! 1. **Fusion.** The edges that are not bridges (those on a cycle, loops
//!    and parallel edges included) are grouped by the 2-edge-connected
//!    piece they lie in; each piece is fused to one vertex, its edges
//!    becoming loops there. What is left is a tree of bridges (the ground's
//!    piece at its root) with loops at its vertices.
//! 2. **Colon.** A loop is worth `*1` (an edge to nowhere: its only move
//!    leaves nothing), and a branch hanging from a vertex by a bridge is
//!    worth one more (as integers) than the branch's own value; the value at
//!    a vertex is the nim-sum of its loops and branches.
//!
//! Bridges are found with one depth-first search (Tarjan's low-link),
//! iterative so that a long path cannot overflow the stack; a parallel
//! edge is told from the tree edge it doubles by its index.

/// Edges are pairs of vertices; vertex 0 is the ground.
pub type Edge = [u32; 2];

/// The value (as a number; the nimber of that size) of the edges given,
/// every one of which is connected to the ground.
pub fn value(edges: &[Edge]) -> u64 {
    if edges.is_empty() {
        return 0;
    }
    let graph = Compact::new(edges);
    let n = graph.vertices;
    let bridge = graph.bridges();
    // 2-edge-connected pieces: vertices joined by edges that are not
    // bridges.
    let mut piece = vec![u32::MAX; n];
    let mut pieces = 0u32;
    let mut stack = Vec::new();
    for start in 0..n {
        if piece[start] != u32::MAX {
            continue;
        }
        piece[start] = pieces;
        stack.push(start);
        while let Some(v) = stack.pop() {
            for &(to, edge) in graph.around(v) {
                if !bridge[edge] && piece[to as usize] == u32::MAX {
                    piece[to as usize] = pieces;
                    stack.push(to as usize);
                }
            }
        }
        pieces += 1;
    }
    // Loops of each fused vertex, and the tree of bridges.
    let pieces = pieces as usize;
    let mut loops = vec![0u64; pieces];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); pieces];
    for (edge, &[a, b]) in graph.edges.iter().enumerate() {
        let (pa, pb) = (piece[a as usize] as usize, piece[b as usize] as usize);
        if bridge[edge] {
            tree[pa].push(pb);
            tree[pb].push(pa);
        } else {
            loops[pa] += 1;
        }
    }
    // Colon principle, leaves first: an order from the root, then back.
    let root = piece[GROUND] as usize;
    let mut parent = vec![usize::MAX; pieces];
    let mut order = Vec::with_capacity(pieces);
    parent[root] = root;
    order.push(root);
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &to in &tree[v] {
            if parent[to] == usize::MAX {
                parent[to] = v;
                order.push(to);
            }
        }
    }
    let mut values: Vec<u64> = loops.iter().map(|&l| l & 1).collect();
    for &v in order.iter().rev() {
        if v != root {
            values[parent[v]] ^= values[v] + 1;
        }
    }
    values[root]
}

/// Which edges are still connected to the ground.
pub fn grounded(edges: &[Edge]) -> Vec<bool> {
    if edges.is_empty() {
        return Vec::new();
    }
    let graph = Compact::new(edges);
    let mut seen = vec![false; graph.vertices];
    seen[GROUND] = true;
    let mut stack = vec![GROUND];
    while let Some(v) = stack.pop() {
        for &(to, _) in graph.around(v) {
            if !seen[to as usize] {
                seen[to as usize] = true;
                stack.push(to as usize);
            }
        }
    }
    graph.edges.iter().map(|&[a, _]| seen[a as usize]).collect()
}

/// The pieces that meet only at the ground: for each edge, the index
/// (from 0, in order of first edge) of the piece it belongs to.
pub fn pieces(edges: &[Edge]) -> Vec<usize> {
    // Union-find over vertices other than the ground.
    let mut ids: Vec<u32> = edges.iter().flatten().copied().collect();
    ids.sort_unstable();
    ids.dedup();
    let index = |v: u32| ids.binary_search(&v).unwrap_or(0);
    let mut parent: Vec<usize> = (0..ids.len()).collect();
    fn find(parent: &mut [usize], mut v: usize) -> usize {
        while parent[v] != v {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        v
    }
    for &[a, b] in edges {
        if a != 0 && b != 0 {
            let (ra, rb) = (find(&mut parent, index(a)), find(&mut parent, index(b)));
            parent[ra] = rb;
        }
    }
    let mut label = vec![usize::MAX; ids.len()];
    let mut count = 0;
    edges
        .iter()
        .map(|&[a, b]| {
            if a == 0 && b == 0 {
                // A loop at the ground is a piece of its own.
                count += 1;
                return count - 1;
            }
            let v = if a != 0 { a } else { b };
            let root = find(&mut parent, index(v));
            if label[root] == usize::MAX {
                label[root] = count;
                count += 1;
            }
            label[root]
        })
        .collect()
}

/// The ground's compact number: vertex 0 sorts first.
const GROUND: usize = 0;

/// A graph with its vertices numbered 0.. and its adjacency in one array.
struct Compact {
    vertices: usize,
    /// The edges, in compact vertex numbers.
    edges: Vec<[u32; 2]>,
    /// `start[v]..start[v + 1]` in `adjacent`: (neighbour, edge).
    start: Vec<u32>,
    adjacent: Vec<(u32, usize)>,
}

impl Compact {
    fn new(edges: &[Edge]) -> Compact {
        let mut ids: Vec<u32> = edges.iter().flatten().copied().collect();
        ids.push(0);
        ids.sort_unstable();
        ids.dedup();
        let index = |v: u32| ids.binary_search(&v).unwrap_or(0) as u32;
        let edges: Vec<[u32; 2]> = edges.iter().map(|&[a, b]| [index(a), index(b)]).collect();
        let vertices = ids.len();
        let mut degree = vec![0u32; vertices + 1];
        for &[a, b] in &edges {
            degree[a as usize + 1] += 1;
            degree[b as usize + 1] += 1;
        }
        for v in 0..vertices {
            degree[v + 1] += degree[v];
        }
        let start = degree;
        let mut fill = start.clone();
        let mut adjacent = vec![(0u32, 0usize); 2 * edges.len()];
        for (edge, &[a, b]) in edges.iter().enumerate() {
            adjacent[fill[a as usize] as usize] = (b, edge);
            fill[a as usize] += 1;
            adjacent[fill[b as usize] as usize] = (a, edge);
            fill[b as usize] += 1;
        }
        Compact {
            vertices,
            edges,
            start,
            adjacent,
        }
    }

    fn around(&self, v: usize) -> &[(u32, usize)] {
        &self.adjacent[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// Which edges are bridges (Tarjan's low-link, without recursion).
    fn bridges(&self) -> Vec<bool> {
        let n = self.vertices;
        let mut bridge = vec![false; self.edges.len()];
        let mut order = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut time = 0u32;
        // (vertex, the tree edge it was reached by, next neighbour to see)
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        for root in 0..n {
            if order[root] != u32::MAX {
                continue;
            }
            order[root] = time;
            low[root] = time;
            time += 1;
            stack.push((root, usize::MAX, 0));
            while let Some(top) = stack.last_mut() {
                let (v, via, next) = *top;
                let around = self.around(v);
                if next < around.len() {
                    top.2 += 1;
                    let (to, edge) = around[next];
                    let to = to as usize;
                    if edge == via {
                        continue;
                    }
                    if order[to] == u32::MAX {
                        order[to] = time;
                        low[to] = time;
                        time += 1;
                        stack.push((to, edge, 0));
                    } else {
                        low[v] = low[v].min(order[to]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(parent, _, _)) = stack.last() {
                        low[parent] = low[parent].min(low[v]);
                        if low[v] > order[parent] {
                            bridge[via] = true;
                        }
                    }
                }
            }
        }
        bridge
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stalks_trees_and_cycles() {
        // A stalk of k edges is worth k.
        assert_eq!(value(&[[0, 1]]), 1);
        assert_eq!(value(&[[0, 1], [1, 2], [2, 3]]), 3);
        // Two edges from one vertex: 1 ^ 1 = 0, then one below: 1.
        assert_eq!(value(&[[0, 1], [1, 2], [1, 3]]), 1);
        // A loop is one edge: a ground loop *1, a loop on a stalk 2.
        assert_eq!(value(&[[0, 0]]), 1);
        assert_eq!(value(&[[0, 1], [1, 1]]), 2);
        // A triangle on the ground fuses to three loops at the ground: *1.
        assert_eq!(value(&[[0, 1], [1, 2], [2, 0]]), 1);
        // Parallel edges to the ground: two loops, 0.
        assert_eq!(value(&[[0, 1], [0, 1]]), 0);
        // The example, 0-1 1-2 1-3 2-3: a triangle on a stalk.
        assert_eq!(value(&[[0, 1], [1, 2], [1, 3], [2, 3]]), 2);
        assert_eq!(value(&[]), 0);
    }

    #[test]
    fn ground_and_pieces() {
        let edges = [[0, 1], [2, 3], [1, 4], [0, 5], [0, 0], [5, 6]];
        assert_eq!(grounded(&edges), [true, false, true, true, true, true]);
        let connected = [[0, 1], [1, 4], [0, 5], [0, 0], [5, 6], [4, 1]];
        assert_eq!(pieces(&connected), [0, 0, 1, 2, 1, 0]);
    }
}
