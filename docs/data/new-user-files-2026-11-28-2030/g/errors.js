class ValidationError extends Error {
  constructor(field, message) {
    super(`${field}: ${message}`);
    this.name = "ValidationError";
    this.field = field;
  }
}

function validateAge(age) {
  if (!Number.isInteger(age)) throw new ValidationError("age", "must be an integer");
  if (age < 0 || age > 150) throw new ValidationError("age", "out of range");
  return age;
}

function ids(n) {
  return Array.from({ length: n }, (_, i) => i);
}

module.exports = { ValidationError, validateAge, ids };
