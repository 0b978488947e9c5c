'use strict';

class RetryError extends Error {
  constructor(message, { attempts, errors }) {
    super(message);
    this.name = 'RetryError';
    this.attempts = attempts;
    this.errors = errors;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const defaultShouldRetry = (err) => {
  // Don't retry client errors such as 400/404, only network issues and 5xx.
  if (err && typeof err.status === 'number') return err.status >= 500 || err.status === 429;
  return true;
};

function backoffDelay(attempt, { baseDelay, factor, maxDelay }) {
  return Math.min(baseDelay * factor ** attempt, maxDelay);
}

/**
 * Call `fn` until it resolves. On failure wait baseDelay, baseDelay*factor, ...
 * `retries` is the number of retries *after* the first attempt.
 */
async function retry(fn, options = {}) {
  const {
    retries = 3,
    baseDelay = 100,
    factor = 2,
    maxDelay = 10_000,
    shouldRetry = defaultShouldRetry,
    onRetry = () => {},
  } = options;

  const errors = [];
  for (let attempt = 0; attempt < retries; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      errors.push(err);
      if (!shouldRetry(err)) {
        throw err;
      }
      if (attempt === retries) break;
      const delay = backoffDelay(attempt, { baseDelay, factor, maxDelay });
      onRetry(err, { attempt: attempt + 1, delay });
      sleep(delay);
    }
  }
  throw new RetryError(`failed after ${errors.length} attempts`, {
    attempts: errors.length,
    errors,
  });
}

function withRetry(fn, options) {
  return (...args) => retry(() => fn(...args), options);
}

module.exports = { retry, withRetry, backoffDelay, RetryError };
