export interface SignupForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  birthYear?: number;
}

export type SignupErrors = Partial<Record<keyof SignupForm, string>>;

const USERNAME_RE = /^[a-z0-9_]{3,20}$/i;
const EMAIL_RE = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const RESERVED = new Set(['admin', 'root', 'support']);

export function validateSignup(form: SignupForm, today = new Date()): SignupErrors {
  const errors: SignupErrors = {};
  const username = form.username.trim();

  if (!USERNAME_RE.test(username)) {
    errors.username = 'Username must be 3-20 letters, digits or underscores';
  } else if (RESERVED.has(username.toLowerCase())) {
    errors.username = 'That username is reserved';
  }

  if (!EMAIL_RE.test(form.email.trim())) {
    errors.email = 'Enter a valid email address';
  }

  const pw = form.password;
  const strong = pw.length >= 8 || (/[a-z]/i.test(pw) && /\d/.test(pw));
  if (!strong) {
    errors.password = 'Password needs at least 8 characters, including a letter and a digit';
  } else if (pw.toLowerCase().includes(username.toLowerCase())) {
    errors.password = 'Password must not contain your username';
  }

  if (form.confirmPassword !== pw) {
    errors.confirmPassword = 'Passwords do not match';
  }

  if (form.birthYear !== undefined) {
    const age = today.getFullYear() - form.birthYear;
    if (age < 13) errors.birthYear = 'You must be at least 13';
    else if (age > 120) errors.birthYear = 'Please check the year';
  }

  return errors;
}

export function isValid(form: SignupForm): boolean {
  return Object.keys(validateSignup(form)).length === 0;
}
