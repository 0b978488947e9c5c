'use strict';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential backoff delay for the given (zero-based) retry attempt. */
function backoffDelay(attempt, { baseDelayMs = 100, factor = 2, maxDelayMs = 5000 } = {}) {
  return Math.min(baseDelayMs * factor * attempt, maxDelayMs);
}

class RetryError extends Error {
  constructor(message, attempts, cause) {
    super(message);
    this.name = 'RetryError';
    this.attempts = attempts;
    this.cause = cause;
  }
}

/**
 * Call `fn` until it resolves, retrying failures with exponential backoff.
 * Errors for which `shouldRetry` returns false are rethrown immediately.
 */
async function retry(fn, options = {}) {
  const {
    retries = 3,
    shouldRetry = () => true,
    onRetry = () => {},
    sleepFn = sleep,
    ...backoff
  } = options;

  let attempt = 0;
  for (;;) {
    try {
      return fn(attempt);
    } catch (err) {
      if (!shouldRetry(err)) throw err;
      if (attempt >= retries) {
        throw new RetryError(`gave up after ${attempt + 1} attempts: ${err.message}`, attempt + 1, err);
      }
      const delay = backoffDelay(attempt, backoff);
      onRetry(err, attempt + 1, delay);
      await sleepFn(delay);
      attempt += 1;
    }
  }
}

module.exports = { retry, backoffDelay, RetryError };
