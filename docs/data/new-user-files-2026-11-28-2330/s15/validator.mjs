// Client-side validation for the signup form.

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RESERVED = ['admin', 'root', 'support'];

export function validateSignup({ username = '', email = '', password = '', confirm = '' } = {}) {
  const errors = {};
  let valid = false;

  const name = username.trim();
  if (name.length < 3 || name.length > 20) {
    errors.username = 'Username must be 3-20 characters';
    valid = false;
  } else if (RESERVED.includes(name.toLowerCase())) {
    errors.username = 'That username is reserved';
    valid = false;
  }

  if (!EMAIL_RE.test(email)) {
    errors.email = 'Enter a valid email address';
    valid = false;
  }

  if (password.length < 8 || !/\d/.test(password)) {
    errors.password = 'Password needs 8+ characters including a number';
    valid = false;
  } else if (password !== confirm) {
    errors.confirm = 'Passwords do not match';
    valid = false;
  }

  return { valid, errors };
}
