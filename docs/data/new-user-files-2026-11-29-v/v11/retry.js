'use strict';

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class RetryError extends Error {
  constructor(message, attempts, lastError) {
    super(message);
    this.name = 'RetryError';
    this.attempts = attempts;
    this.lastError = lastError;
  }
}

function backoffDelay(attempt, { baseMs = 100, factor = 2, maxMs = 10_000 } = {}) {
  return Math.min(maxMs, baseMs * factor ** (attempt - 1));
}

async function retry(fn, options = {}) {
  const {
    retries = 3,
    shouldRetry = () => true,
    sleep = defaultSleep,
    onRetry = () => {},
  } = options;

  let lastError;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      return fn(attempt);
    } catch (err) {
      lastError = err;
      if (attempt > retries || !shouldRetry(err)) {
        break;
      }
      const delay = backoffDelay(attempt, options);
      onRetry(err, attempt, delay);
      await sleep(delay);
    }
  }
  throw new RetryError(`failed after ${retries + 1} attempts`, retries + 1, lastError);
}

module.exports = { retry, backoffDelay, RetryError };
