// Turns raw signup payloads from the old form API into our user records.

const ROLE_ALIASES = { admin: 'admin', administrator: 'admin', staff: 'staff', user: 'member' };

function normalizeEmail(email) {
  return String(email || '').trim().toLowerCase();
}

function parseTags(raw) {
  if (Array.isArray(raw)) return raw.map((t) => t.trim()).filter(Boolean);
  return String(raw || '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

function normalizeUser(payload) {
  const first = (payload.first_name || '').trim();
  const last = (payload.last_name || '').trim();
  const user = {
    email: normalizeEmail(payload.email),
    name: { first, last, full: [first, last].filter(Boolean).join(' ') },
    role: ROLE_ALIASES[String(payload.role || 'user').toLowerCase()] || 'member',
    tags: parseTags(payload.tags),
    marketingOptIn: payload.newsletter === 'yes' || payload.newsletter === true,
  };
  if (payload.company) {
    user.company = { name: payload.company.trim(), vat: payload.vat_id || null };
  }
  if (payload.referral_code) {
    user.referral = payload.referralCode.toUpperCase();
  }
  return user;
}

module.exports = { normalizeUser, parseTags };
