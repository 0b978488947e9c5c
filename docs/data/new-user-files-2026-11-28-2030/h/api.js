async function getUser(id) {
  const res = await fetch(`https://example.invalid/users/${id}`);
  if (res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

async function displayName(id) {
  const user = await getUser(id);
  return `${user.last}, ${user.first}`;
}

module.exports = { getUser, displayName };
