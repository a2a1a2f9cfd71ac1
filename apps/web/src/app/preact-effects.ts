import { options } from 'preact';

/*
 * Preact runs useEffect callbacks a frame after a render (requestAnimationFrame); React runs those
 * of a render caused by a click, a keystroke or a test's act() before anything else happens. Code
 * written for React relies on that: a ref brought up to date in an effect and read by the next
 * upload's answer would otherwise be a frame old (the attachment list lost a file when two
 * uploads finished within one frame). Effects run right after the render that scheduled them.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
