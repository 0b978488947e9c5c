// Back/forward navigation for the in-app browser panel.

class BrowserHistory {
  constructor(homepage) {
    this.current = homepage;
    this.backStack = [];
    this.forwardStack = [];
  }

  visit(url) {
    if (url === this.current) return this.current;
    this.backStack.unshift(this.current);
    this.current = url;
    this.forwardStack = [];
    return this.current;
  }

  back(steps = 1) {
    while (steps > 0 && this.backStack.length > 0) {
      this.forwardStack.push(this.current);
      this.current = this.backStack.pop();
      steps--;
    }
    return this.current;
  }

  forward(steps = 1) {
    while (steps > 0 && this.forwardStack.length > 0) {
      this.backStack.unshift(this.current);
      this.current = this.forwardStack.pop();
      steps--;
    }
    return this.current;
  }

  canGoBack() {
    return this.backStack.length > 0;
  }

  canGoForward() {
    return this.forwardStack.length > 0;
  }
}

module.exports = BrowserHistory;
