import ICAL from 'ical.js';
import type { Invitation, InvitationPerson } from '@postline/shared/messages';
import { storableText } from './charsets.js';
import type { IncomingAttachment } from './types.js';

/*
 * Every bound here exists because a stranger writes the calendar (issue 32): ical.js expands a
 * carried VTIMEZONE's rules and normalises durations step by step, so a 280-byte part with
 * `RRULE:FREQ=SECONDLY` in its zone, or `DURATION:P999999999W`, held the event loop for minutes.
 * Nothing is expanded that these checks have not bounded first; the parse also runs in the
 * inbound parse pool under a deadline (parse-pool.ts), which is the second line, not the first.
 */

/** A calendar part larger than this is a calendar export, not an invitation: not read. */
const MAX_CALENDAR_BYTES = 512 * 1024;
/** Calendar parts of one message looked at; the first that fails ends the search. */
const MAX_CALENDAR_PARTS = 3;
/** Times outside these years are no meeting anyone will attend: shown as unknown. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;
/** An event longer than this (in seconds, ten years) has no end worth showing. */
const MAX_SPAN_SECONDS = 10 * 366 * 24 * 3600;
/** Rules a time zone may carry: real zones change twice a year at most, by month and weekday. */
const MAX_ZONE_OBSERVANCES = 24;
const MAX_ZONE_RDATES = 400;
const ZONE_RULE_PARTS = new Set(['BYMONTH', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'BYYEARDAY', 'BYWEEKNO']);
const MAX_ZONE_RULE_VALUES = 7;
/** Text lengths and counts kept of what the card shows. */
const MAX_TEXT = 1_000;
const MAX_NAME = 200;
const MAX_ATTENDEES = 200;

type Time = InstanceType<typeof ICAL.Time>;
type Property = InstanceType<typeof ICAL.Property>;
type Component = InstanceType<typeof ICAL.Component>;

export function isCalendar(attachment: IncomingAttachment): boolean {
  const type = (attachment.contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'text/calendar' || /\.ics$/i.test(attachment.filename);
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

function inRange(time: Time): boolean {
  return time.year >= FIRST_YEAR && time.year <= LAST_YEAR;
}

function bounded(value: string, max: number): string {
  const text = storableText(value).trim();
  return text.length > max ? text.slice(0, max) : text;
}

/**
 * Whether ical.js may expand this VTIMEZONE: yearly rules with a handful of values, start dates
 * in range, a bounded number of observances and dates. Any other zone is left to the TZID's name.
 */
function isBoundedZone(zone: Component): boolean {
  const observances = [...zone.getAllSubcomponents('standard'), ...zone.getAllSubcomponents('daylight')];
  if (observances.length === 0 || observances.length > MAX_ZONE_OBSERVANCES) return false;
  let rdates = 0;
  for (const observance of observances) {
    const start = observance.getFirstPropertyValue('dtstart');
    if (!(start instanceof ICAL.Time) || start.year < 1583 || start.year > LAST_YEAR) return false;
    const rules = observance.getAllProperties('rrule');
    if (rules.length > 1) return false;
    for (const rule of rules) {
      const recur = rule.getFirstValue();
      if (!(recur instanceof ICAL.Recur) || recur.freq !== 'YEARLY' || recur.interval > 1) return false;
      for (const [part, values] of Object.entries(recur.parts as Record<string, unknown[]>)) {
        if (!ZONE_RULE_PARTS.has(part) || values.length > MAX_ZONE_RULE_VALUES) return false;
      }
    }
    for (const rdate of observance.getAllProperties('rdate')) rdates += rdate.getValues().length;
    if (rdates > MAX_ZONE_RDATES) return false;
  }
  return true;
}

function wallClock(time: Time): string {
  return `${time.year}-${two(time.month)}-${two(time.day)}T${two(time.hour)}:${two(time.minute)}:${two(time.second)}`;
}

/**
 * The UTC instant of a wall-clock time in an IANA zone ("Asia/Seoul"), from the zone data every
 * JavaScript runtime has (Intl); null when the runtime does not know the zone. Two rounds of
 * "how far is this zone from UTC at that moment" settle the offset also near a DST change.
 * Hand-written: ical.js converts only with a VTIMEZONE the file carries, which many senders leave out.
 */
function instantInZone(time: Time, timeZone: string): string | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  const offsetAt = (epoch: number) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(epoch)).map((p) => [p.type, Number(p.value)]),
    );
    const asUtc = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    return asUtc - epoch;
  };
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  let epoch = wall - offsetAt(wall);
  epoch = wall - offsetAt(epoch);
  return new Date(epoch).toISOString();
}

/** A DTSTART/DTEND value (with its TZID) as the shared Invitation type writes times (invitationSchema). */
function timeOf(time: unknown, tzid: unknown, zones: Map<string, Component>): string | null {
  if (!(time instanceof ICAL.Time) || !inRange(time)) return null;
  if (time.isDate) return `${time.year}-${two(time.month)}-${two(time.day)}`;
  if (time.zone?.tzid === 'UTC') return time.toJSDate().toISOString();
  if (typeof tzid !== 'string' || tzid === '') return wallClock(time); // floating
  const carried = zones.get(tzid);
  if (carried && isBoundedZone(carried)) {
    const zoned = time.clone();
    zoned.zone = new ICAL.Timezone(carried);
    return new Date(zoned.toUnixTime() * 1000).toISOString();
  }
  return instantInZone(time, tzid) ?? wallClock(time);
}

function personOf(property: Property, withStatus: boolean): InvitationPerson | null {
  const value = property.getFirstValue();
  if (typeof value !== 'string') return null;
  const address = bounded(value.replace(/^mailto:/i, ''), MAX_NAME);
  if (address === '') return null;
  const name = property.getParameter('cn');
  const status = property.getParameter('partstat');
  return {
    name: typeof name === 'string' && bounded(name, MAX_NAME) ? bounded(name, MAX_NAME) : null,
    address,
    status: withStatus && typeof status === 'string' ? bounded(status, 40).toUpperCase() : null,
  };
}

function text(component: Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  if (typeof value !== 'string') return null;
  const text = bounded(value, MAX_TEXT);
  return text === '' ? null : text;
}

/** Reads one calendar; null when it is not iCalendar or holds no event. */
function readCalendar(source: string): Invitation | null {
  const calendar = new ICAL.Component(ICAL.parse(source));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) return null;
  const zones = new Map<string, Component>();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, zone);
  }
  const startProperty = event.getFirstProperty('dtstart');
  const startValue = startProperty?.getFirstValue();
  const startZone = startProperty?.getParameter('tzid');
  const endProperty = event.getFirstProperty('dtend');
  let end = timeOf(endProperty?.getFirstValue(), endProperty?.getParameter('tzid'), zones);
  const duration = event.getFirstPropertyValue('duration');
  if (
    end === null &&
    duration instanceof ICAL.Duration &&
    Math.abs(duration.toSeconds()) <= MAX_SPAN_SECONDS &&
    startValue instanceof ICAL.Time &&
    inRange(startValue)
  ) {
    const until = startValue.clone();
    until.addDuration(duration);
    end = timeOf(until, startZone, zones);
  }
  const organizer = event.getFirstProperty('organizer');
  const method = calendar.getFirstPropertyValue('method');
  return {
    method: typeof method === 'string' ? bounded(method, 40).toUpperCase() : 'PUBLISH',
    title: text(event, 'summary') ?? '',
    start: timeOf(startValue, startZone, zones),
    end,
    allDay: startValue instanceof ICAL.Time && startValue.isDate,
    location: text(event, 'location'),
    organizer: organizer ? personOf(organizer, false) : null,
    attendees: event
      .getAllProperties('attendee')
      .slice(0, MAX_ATTENDEES)
      .map((attendee) => personOf(attendee, true))
      .filter((person): person is InvitationPerson => person !== null),
  };
}

/**
 * The invitation among a message's parts (issue 12): the first calendar part that reads as an
 * event, with ical.js. A calendar that does not parse is no invitation, never a failed delivery,
 * and it ends the search: a stranger's message gets one failure's worth of work, not one per part.
 */
export function readInvitation(attachments: readonly IncomingAttachment[]): Invitation | null {
  const calendars = attachments
    .filter((a) => isCalendar(a) && a.content.length <= MAX_CALENDAR_BYTES)
    .slice(0, MAX_CALENDAR_PARTS);
  for (const calendar of calendars) {
    try {
      const invitation = readCalendar(new TextDecoder('utf-8').decode(calendar.content));
      if (invitation) return invitation;
    } catch {
      return null; // Not iCalendar after all; the file is still there to download.
    }
  }
  return null;
}
