"""count() and solutions() against a brute force over every subset of options, on 50 small
random problems with secondary items and colors (and 20 with costs for best())."""
import itertools
import random

import pytest

import dance


def random_problem(rng):
    primary = ["p%d" % i for i in range(rng.randint(1, 5))]
    secondary = ["s%d" % i for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(1, 11)):
        option = rng.sample(primary, rng.randint(1, len(primary)))
        for s in secondary:
            r = rng.random()
            if r < 0.25:
                option.append(s)
            elif r < 0.5:
                option.append("%s:%s" % (s, rng.choice("RG")))
        rng.shuffle(option)
        options.append(option)
    return primary, secondary, options


def is_solution(primary, chosen, options):
    """Every primary item once; each secondary item at most once uncolored, or only in
    options that give it one same color."""
    covered, colors = [], {}
    for i in chosen:
        for entry in options[i]:
            name, _, color = entry.partition(":")
            if name.startswith("p"):
                covered.append(name)
            else:
                colors.setdefault(name, []).append(color)
    if sorted(covered) != sorted(primary):
        return False
    return all(len(c) == 1 or (all(c) and len(set(c)) == 1) for c in colors.values())


def brute_force(primary, options):
    return [set(chosen) for k in range(len(options) + 1)
            for chosen in itertools.combinations(range(len(options)), k)
            if is_solution(primary, chosen, options)]


@pytest.mark.parametrize("n", range(50))
def test_random_problem(n):
    rng = random.Random(n)
    primary, secondary, options = random_problem(rng)
    expected = brute_force(primary, options)
    p = dance.Problem(primary, options, secondary)
    assert p.count() == len(expected)
    assert p.count(threads=1, engine="dlx") == len(expected)
    found = [set(s) for s in p.solutions()]
    assert len(found) == len(expected) == len(list(p.solutions(threads=2)))
    assert sorted(map(sorted, found)) == sorted(map(sorted, expected))
    if not any(":" in e for o in options for e in o):
        assert p.count(memo=True) == len(expected)


@pytest.mark.parametrize("n", range(20))
def test_random_costs(n):
    rng = random.Random(1000 + n)
    primary, secondary, options = random_problem(rng)
    costs = [rng.randint(0, 9) for _ in options]
    p = dance.Problem(primary, options, secondary, costs=costs)
    expected = sorted(sum(costs[i] for i in s) for s in brute_force(primary, options))
    best = p.best(3)
    assert [c for c, _ in best] == expected[:3]
    assert all(c == sum(costs[i] for i in s) for c, s in best)
