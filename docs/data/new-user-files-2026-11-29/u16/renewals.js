'use strict';

const PLAN_MONTHS = { monthly: 1, quarterly: 3, yearly: 12 };

function parseDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`bad date: ${text}`);
  const [year, month, day] = match.slice(1).map(Number);
  return new Date(year, month, day);
}

function formatDate(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth())}-${pad(date.getDate())}`;
}

function daysInMonth(year, monthIndex) {
  return new Date(year, monthIndex + 1, 0).getDate();
}

function addMonths(date, months) {
  const total = date.getMonth() + months;
  const year = date.getFullYear() + Math.floor(total / 12);
  const monthIndex = ((total % 12) + 12) % 12;
  const day = Math.min(date.getDate(), daysInMonth(year, monthIndex));
  return new Date(year, monthIndex, day);
}

function renewalDates(startText, plan, count) {
  const months = PLAN_MONTHS[plan];
  if (!months) throw new Error(`unknown plan: ${plan}`);
  const start = parseDate(startText);
  const dates = [];
  for (let i = 1; i <= count; i += 1) {
    dates.push(formatDate(addMonths(start, i * months)));
  }
  return dates;
}

function nextRenewal(startText, plan, todayText) {
  const months = PLAN_MONTHS[plan];
  if (!months) throw new Error(`unknown plan: ${plan}`);
  const start = parseDate(startText);
  const today = parseDate(todayText);
  let periods = 1;
  while (addMonths(start, periods * months) <= today) periods += 1;
  return formatDate(addMonths(start, periods * months));
}

module.exports = { parseDate, formatDate, addMonths, renewalDates, nextRenewal };
