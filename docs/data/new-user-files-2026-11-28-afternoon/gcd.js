function gcd(a, b) {
  if (b === 0) return a;
  return gcd(a, b % a);
}

function lcm(a, b) {
  return (a * b) / gcd(a, b);
}

console.assert(gcd(12, 18) === 6, "gcd 12 18");
console.assert(gcd(7, 5) === 1, "gcd 7 5");
console.assert(lcm(4, 6) === 12, "lcm 4 6");
