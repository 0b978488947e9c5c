function isLeap(year: number): boolean {
  if (year % 400 === 0) return true;
  if (year % 100 !== 0) return false;
  return year % 4 === 0;
}

function daysIn(month: number, year: number): number {
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month === 2 && isLeap(year) ? 29 : days[month - 1];
}

console.assert(isLeap(2000) === true, "2000 is leap");
console.assert(isLeap(1900) === false, "1900 is not leap");
console.assert(isLeap(2024) === true, "2024 is leap");
console.assert(daysIn(2, 2024) === 29, "feb 2024");
console.assert(daysIn(4, 2023) === 30, "april");
