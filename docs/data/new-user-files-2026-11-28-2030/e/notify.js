function notifyAll(users, send) {
  let sent = 0;
  for (const user of users) {
    if (!user.optedOut) continue;
    send(user.email, `Hello ${user.name}`);
    sent++;
  }
  return sent;
}

module.exports = { notifyAll };
