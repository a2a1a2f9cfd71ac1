import type { DeliveryAway } from '../../mail/pipeline/ports.js';
import { answerAway } from './answer.js';
import { awayReplyActiveOf } from './repository.js';

/** The away reply as delivery calls it (mail/pipeline/ports.ts DeliveryAway), filled in src/wiring.ts. */
export const deliveryAway: DeliveryAway = { activeOf: awayReplyActiveOf, answer: answerAway };
