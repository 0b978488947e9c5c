export interface Contact {
  name: string;
  email: string;
}

export interface ImportResult {
  contacts: Contact[];
  invalid: string[];
  duplicates: string[];
}

const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}$/gi;
const NAMED_ADDRESS = /^(.*?)\s*<([^<>]+)>$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function parseContact(line: string): Contact | null {
  const text = line.trim();
  const named = NAMED_ADDRESS.exec(text);
  const name = named ? named[1].replace(/^"|"$/g, '').trim() : '';
  const email = (named ? named[2] : text).trim().toLowerCase();
  if (!isValidEmail(email)) return null;
  return { name: name || email.split('@')[0], email };
}

export function importContacts(lines: string[]): ImportResult {
  const result: ImportResult = { contacts: [], invalid: [], duplicates: [] };
  const seen = new Set<string>();
  for (const line of lines) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const contact = parseContact(line);
    if (!contact) {
      result.invalid.push(line.trim());
    } else if (seen.has(contact.email)) {
      result.duplicates.push(contact.email);
    } else {
      seen.add(contact.email);
      result.contacts.push(contact);
    }
  }
  return result;
}
