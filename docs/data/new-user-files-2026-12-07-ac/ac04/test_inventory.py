import pytest

from inventory import Inventory, OutOfStock


@pytest.fixture
def inventory():
    inv = Inventory()
    inv.receive("WIDGET", 10)
    inv.receive("GADGET", 3)
    return inv


@pytest.fixture
def reserved_inventory(inventory):
    inventory.reserve("WIDGET", 4)
    return inventory


def test_receive_accumulates(inventory):
    inventory.receive("WIDGET", 5)
    assert inventory.on_hand("WIDGET") == 15


def test_receive_rejects_zero(inventory):
    with pytest.raises(ValueError):
        inventory.receive("WIDGET", 0)


def test_reserve_reduces_available(reserved_inventory):
    assert reserved_inventory.available("WIDGET") == 6
    assert reserved_inventory.on_hand("WIDGET") == 10


def test_can_reserve_all_remaining_stock(reserved_inventory):
    reserved_inventory.reserve("WIDGET", 6)
    assert reserved_inventory.available("WIDGET") == 0


def test_over_reservation_raises(reserved_inventory):
    with pytest.raises(OutOfStock) as excinfo:
        reserved_inventory.reserve("WIDGET", 7)
    assert excinfo.value.available == 6


def test_ship_consumes_reservation_and_stock(reserved_inventory):
    reserved_inventory.ship("WIDGET", 3)
    assert reserved_inventory.on_hand("WIDGET") == 7
    assert reserved_inventory.reserved("WIDGET") == 1
    assert reserved_inventory.available("WIDGET") == 6


def test_cannot_ship_unreserved_stock(inventory):
    with pytest.raises(ValueError):
        inventory.ship("GADGET", 1)


def test_release_returns_stock(reserved_inventory):
    reserved_inventory.release("WIDGET", 10)
    assert reserved_inventory.available("WIDGET") == 10
    assert reserved_inventory.reserved("WIDGET") == 0


def test_low_stock(inventory):
    inventory.reserve("GADGET", 3)
    assert inventory.low_stock(5) == ["GADGET"]
    assert inventory.low_stock(1) == ["GADGET"]
    inventory.reserve("WIDGET", 10)
    assert inventory.low_stock(1) == ["GADGET", "WIDGET"]
