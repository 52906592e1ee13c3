import pytest

import grundy
from grundy import Nimber, mex


def test_nim_sum_is_xor_both_ways_and_with_ints():
    for a in range(40):
        for b in range(40):
            assert Nimber(a) ^ Nimber(b) == Nimber(a ^ b)
            assert Nimber(a) + Nimber(b) == a ^ b
            assert a ^ Nimber(b) == a ^ b
            assert a + Nimber(b) == a ^ b
    big = 2**127 + 5
    assert int(Nimber(big) ^ 4) == big ^ 4


def test_nim_product_is_conway_s_with_ints_both_ways():
    # By the definition: a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b}.
    n = 16
    table = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)}
            table[a][b] = next(v for v in range(n * n) if v not in seen)
            assert Nimber(a) * Nimber(b) == table[a][b]
            assert a * Nimber(b) == table[a][b] and Nimber(a) * b == table[a][b]
    assert isinstance(Nimber(2) * 2, Nimber) and repr(Nimber(2) * Nimber(2)) == "*3"
    assert Nimber(2**64) * Nimber(2**64) == 2**64 + 2**63
    with pytest.raises(TypeError):
        Nimber(2) * 1.5


def test_repr_int_index_bool_and_value():
    assert repr(Nimber(5)) == "*5"
    assert str(Nimber(0)) == "*0"
    assert int(Nimber(12)) == 12
    assert Nimber(7).value == 7
    assert [10, 11, 12][Nimber(2)] == 12
    assert not Nimber(0)
    assert Nimber(3)


def test_comparisons_and_hash_agree_with_ints():
    assert Nimber(2) < Nimber(3) <= 3 < Nimber(4)
    assert Nimber(9) > 8 and Nimber(9) >= Nimber(9)
    assert Nimber(4) == 4 and Nimber(4) != 5
    assert Nimber(4) != "4"
    assert {Nimber(3), 3, Nimber(2**100)} == {3, 2**100}
    assert hash(Nimber(2**70)) == hash(2**70)


def test_bad_values_are_refused():
    with pytest.raises(ValueError, match="from 0 to 2\\^128"):
        Nimber(-1)
    with pytest.raises(ValueError):
        Nimber(2**128)
    with pytest.raises(TypeError, match="from an int, not str"):
        Nimber("3")
    with pytest.raises(TypeError):
        Nimber(1) ^ "x"


def test_mex_is_the_least_value_missing():
    assert mex([]) == 0
    assert mex([0, 1, 3]) == Nimber(2)
    assert mex(Nimber(v) for v in [1, 2]) == 0
    assert mex(range(1000)) == 1000
    assert isinstance(mex([0]), Nimber)
    with pytest.raises(TypeError, match="mex takes Nimbers and non-negative ints, found -1"):
        mex([0, -1])
    with pytest.raises(TypeError):
        mex([0.5])


def test_the_package_says_its_version():
    assert grundy.__version__.count(".") == 2
