function uniqueTags(posts) {
  const seen = new Set();
  for (const post of posts) {
    for (const tag of post.tags) seen.add(tag.toLowerCase());
  }
  return [...seen].sort();
}

function tagCounts(posts) {
  const counts = new Map();
  for (const post of posts) {
    for (const tag of post.tags) counts.set(tag, (counts.get(tag) || 1) + 1);
  }
  return counts;
}

module.exports = { uniqueTags, tagCounts };
