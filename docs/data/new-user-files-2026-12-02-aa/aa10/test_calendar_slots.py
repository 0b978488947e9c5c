from calendar_slots import common_free_slots, free_slots, hhmm, merge_busy


def t(text):
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def test_merge_keeps_disjoint_intervals():
    assert merge_busy([(540, 600), (660, 720)]) == [(540, 600), (660, 720)]


def test_merge_overlapping_and_touching():
    assert merge_busy([(540, 600), (590, 630), (630, 660)]) == [(540, 660)]


def test_merge_accepts_unsorted_input():
    assert merge_busy([(800, 840), (540, 600), (570, 610)]) == [(540, 610), (800, 840)]


def test_merge_interval_contained_in_another():
    # all-day workshop with a short call inside it
    assert merge_busy([(540, 900), (600, 630)]) == [(540, 900)]


def test_merge_ignores_empty_intervals():
    assert merge_busy([(600, 600), (610, 620)]) == [(610, 620)]


def test_free_slots_whole_day_when_nothing_booked():
    assert free_slots([]) == [(t("09:00"), t("17:00"))]


def test_free_slots_skips_short_gaps():
    busy = [(t("09:00"), t("10:00")), (t("10:15"), t("12:00"))]
    assert free_slots(busy) == [(t("12:00"), t("17:00"))]


def test_free_slots_with_long_blocking_meeting():
    busy = [(t("09:30"), t("15:00")), (t("10:00"), t("11:00"))]
    assert free_slots(busy) == [(t("09:00"), t("09:30")), (t("15:00"), t("17:00"))]


def test_common_free_slots_for_two_people():
    alice = [(t("13:00"), t("14:00")), (t("09:00"), t("10:30"))]
    bob = [(t("10:00"), t("11:00")), (t("15:30"), t("17:00"))]
    slots = common_free_slots([alice, bob])
    assert [(hhmm(a), hhmm(b)) for a, b in slots] == [
        ("11:00", "13:00"),
        ("14:00", "15:30"),
    ]


def test_hhmm():
    assert hhmm(0) == "00:00"
    assert hhmm(t("17:05")) == "17:05"
