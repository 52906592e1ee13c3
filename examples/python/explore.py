"""Exploring impartial games from Python with grundy.

Defines a game in a few lines of Python, prints its Grundy values, proves
its period with grundy's check, compares it with the same game from
grundy's registry, and draws the Bomb Game's table as a heatmap.

    python examples/python/explore.py            # writes bomb-heatmap.png
    python examples/python/explore.py out.png
"""

import sys

import grundy


def dawson(n):
    """Dawson's Kayles: knock down two adjacent pins of a row of n, which
    leaves the pins on either side as (up to) two rows."""
    return [
        ((left, n - 2 - left), [row for row in (left, n - 2 - left) if row > 0])
        for left in range(n - 1)
    ]


def main(out="bomb-heatmap.png"):
    solver = grundy.Solver(dawson)
    values = [int(solver.grundy(n)) for n in range(200)]
    print("G(0..40) of Dawson's Kayles:", " ".join(map(str, values[:41])))

    # The octal periodicity theorem, as `grundy octal` checks it: a move
    # takes at most 2 pins.
    period = grundy.proven_period(values, 2)
    print("period, preperiod:", period)

    # The same game is octal code 0.07 in the registry.
    octal = grundy.octal("0.07", upto=200)
    assert values[: octal.computed] == octal.values.tolist()
    print("equals grundy.octal('0.07'):", octal)

    # Who wins rows of 5, 8 and 13, and how.
    rows = [5, 8, 13]
    print("rows", rows, "->", solver.outcome(rows), "wins; winning moves:", solver.winning_moves(rows))

    # The Bomb Game's values: one bomb at (row, column), as a heatmap.
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = grundy.table("bomb", 64, 64)
    fig, ax = plt.subplots(figsize=(6, 5))
    image = ax.imshow(table, origin="upper", cmap="viridis", extent=(0.5, 64.5, 64.5, 0.5))
    ax.set_xlabel("column q")
    ax.set_ylabel("row p")
    ax.set_title("Bomb Game: Grundy value of one bomb at (p, q)")
    fig.colorbar(image, ax=ax)
    fig.savefig(out, dpi=100)
    print(f"wrote {out} (largest value {int(table.max())})")


if __name__ == "__main__":
    main(*sys.argv[1:])
