import ICAL from 'ical.js';
import type { Invitation, InvitationPerson } from '@postline/shared/messages';
import type { IncomingAttachment } from './types.js';

/** A calendar part larger than this is a calendar export, not an invitation: not read. */
const MAX_CALENDAR_BYTES = 512 * 1024;

type Time = InstanceType<typeof ICAL.Time>;
type Property = InstanceType<typeof ICAL.Property>;
type Component = InstanceType<typeof ICAL.Component>;

function isCalendar(attachment: IncomingAttachment): boolean {
  const type = (attachment.contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'text/calendar' || /\.ics$/i.test(attachment.filename);
}

function two(value: number): string {
  return String(value).padStart(2, '0');
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
  if (!(time instanceof ICAL.Time)) return null;
  if (time.isDate) return `${time.year}-${two(time.month)}-${two(time.day)}`;
  if (time.zone?.tzid === 'UTC') return time.toJSDate().toISOString();
  if (typeof tzid !== 'string' || tzid === '') return wallClock(time); // floating
  const carried = zones.get(tzid);
  if (carried) {
    const zoned = time.clone();
    zoned.zone = new ICAL.Timezone(carried);
    return new Date(zoned.toUnixTime() * 1000).toISOString();
  }
  return instantInZone(time, tzid) ?? wallClock(time);
}

function personOf(property: Property, withStatus: boolean): InvitationPerson | null {
  const value = property.getFirstValue();
  if (typeof value !== 'string') return null;
  const address = value.replace(/^mailto:/i, '').trim();
  if (address === '') return null;
  const name = property.getParameter('cn');
  const status = property.getParameter('partstat');
  return {
    name: typeof name === 'string' && name.trim() ? name.trim() : null,
    address,
    status: withStatus && typeof status === 'string' ? status.toUpperCase() : null,
  };
}

function text(component: Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
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
  if (end === null && duration instanceof ICAL.Duration && startValue instanceof ICAL.Time) {
    const until = startValue.clone();
    until.addDuration(duration);
    end = timeOf(until, startZone, zones);
  }
  const organizer = event.getFirstProperty('organizer');
  const method = calendar.getFirstPropertyValue('method');
  return {
    method: typeof method === 'string' ? method.toUpperCase() : 'PUBLISH',
    title: text(event, 'summary') ?? '',
    start: timeOf(startValue, startZone, zones),
    end,
    allDay: startValue instanceof ICAL.Time && startValue.isDate,
    location: text(event, 'location'),
    organizer: organizer ? personOf(organizer, false) : null,
    attendees: event
      .getAllProperties('attendee')
      .map((attendee) => personOf(attendee, true))
      .filter((person): person is InvitationPerson => person !== null),
  };
}

/**
 * The invitation among a message's parts (issue 12): the first calendar part that reads as an
 * event, with ical.js. A calendar that does not parse is no invitation, never a failed delivery.
 */
export function readInvitation(attachments: IncomingAttachment[]): Invitation | null {
  for (const attachment of attachments) {
    if (!isCalendar(attachment) || attachment.content.length > MAX_CALENDAR_BYTES) continue;
    try {
      const invitation = readCalendar(new TextDecoder('utf-8').decode(attachment.content));
      if (invitation) return invitation;
    } catch {
      // Not iCalendar after all; the file is still there to download.
    }
  }
  return null;
}
