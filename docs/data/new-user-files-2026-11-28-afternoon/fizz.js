function fizz(n) {
  if (n % 3 === 0) return "Fizz";
  if (n % 5 === 0) return "Buzz";
  if (n % 15 === 0) return "FizzBuzz";
  return String(n);
}

console.assert(fizz(3) === "Fizz");
console.assert(fizz(10) === "Buzz");
console.assert(fizz(30) === "FizzBuzz");
console.assert(fizz(7) === "7");
