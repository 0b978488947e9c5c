'use strict';

/**
 * Debounce `fn` so it runs once `wait` ms after the last call.
 * With { leading: true } the first call of a burst runs immediately instead.
 * The returned function has .cancel(), .flush() and .pending().
 */
function debounce(fn, wait, { leading = false } = {}) {
  let timer = null;
  let pendingArgs = null;
  let pendingThis = null;

  function invoke() {
    const args = pendingArgs;
    const ctx = pendingThis;
    pendingArgs = pendingThis = null;
    return fn.apply(ctx, args);
  }

  function debounced(...args) {
    const isFirstOfBurst = timer === null;
    clearTimeout(timer);
    if (leading) {
      if (isFirstOfBurst) fn.apply(this, args);
    } else {
      pendingArgs = args;
      pendingThis = this;
    }
    timer = setTimeout(() => {
      timer = null;
      if (pendingArgs) invoke();
    }, wait);
  }

  debounced.cancel = () => {
    clearTimeout(timer);
    timer = null;
    pendingArgs = pendingThis = null;
  };

  debounced.flush = () => {
    if (!pendingArgs) return undefined;
    return fn.apply(pendingThis, pendingArgs);
  };

  debounced.pending = () => pendingArgs !== null;

  return debounced;
}

module.exports = { debounce };
