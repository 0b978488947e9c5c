import { ParkingLot } from './parkingLot';

describe('ParkingLot', () => {
  let lot: ParkingLot;

  beforeEach(() => {
    lot = new ParkingLot({ small: 1, medium: 2, large: 1 });
  });

  it('starts empty', () => {
    expect(lot.freeSpots()).toBe(4);
    expect(lot.activeTickets()).toBe(0);
  });

  it('puts each vehicle in the smallest spot that fits', () => {
    lot.park('M 1', 'motorcycle');
    lot.park('C 1', 'car');
    expect(lot.freeSpots('small')).toBe(0);
    expect(lot.freeSpots('medium')).toBe(1);
    expect(lot.freeSpots('large')).toBe(1);
  });

  it('overflows into bigger spots, but never smaller ones', () => {
    lot.park('C1', 'car');
    lot.park('C2', 'car');
    lot.park('C3', 'car');
    expect(lot.freeSpots('large')).toBe(0);
    expect(() => lot.park('V1', 'van')).toThrow('no free spot for a van');
  });

  it('issues sequential tickets and normalises plates', () => {
    expect(lot.park('ab 123', 'car')).toBe('T0001');
    expect(lot.park('XY9', 'van')).toBe('T0002');
    expect(lot.isParked('AB123')).toBe(true);
    expect(() => lot.park('AB 123', 'car')).toThrow('AB123 is already parked');
  });

  it('leaving frees the spot', () => {
    const t = lot.park('V1', 'van');
    expect(lot.leave(t)).toEqual({ plate: 'V1', spotId: 'L1' });
    expect(lot.freeSpots('large')).toBe(1);
  });

  it('a ticket can only be used once', () => {
    const t = lot.park('C1', 'car');
    lot.leave(t);
    expect(() => lot.leave(t)).toThrow(`unknown ticket ${t}`);
    expect(lot.activeTickets()).toBe(0);
  });

  it('a car can come back after leaving', () => {
    const t = lot.park('C1', 'car');
    lot.leave(t);
    expect(lot.isParked('C1')).toBe(false);
    expect(lot.park('C1', 'car')).toBe('T0002');
  });

  it('unknown tickets are rejected', () => {
    expect(() => lot.leave('T9999')).toThrow('unknown ticket T9999');
  });
});
