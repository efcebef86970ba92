import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TicketCondition } from '#contract/schemas/counter-tickets.ts';
import { newTicketBody, type NewTicketFields } from './new-ticket-body.ts';

const condition: TicketCondition = {
  screen: 'damaged',
  housing: 'ok',
  buttons: 'not_checked',
  cameras: 'not_checked',
  biometrics: 'not_checked',
  liquid: 'not_checked',
  accessories: 'case',
  passcode_given: true,
};

const fields: NewTicketFields = {
  customerId: 7,
  devices: [
    { ident: '356789012345678', model: '' },
    { ident: 'F2LXK0ABHG7F', model: '  ' },
  ],
  fault: '  cracked screen ',
  condition,
  warrantyDays: 90,
  technician: null,
  promised: null,
  depositFen: null,
  method: 'cash',
};

describe('the new ticket sent to ticketCreate', () => {
  it('sends only what was given: no technician, promise, deposit or warranty link when left empty', () => {
    expect(newTicketBody(fields)).toEqual({
      customer_id: 7,
      devices: [{ ident: '356789012345678' }, { ident: 'F2LXK0ABHG7F' }],
      fault: 'cracked screen',
      condition,
      warranty_days: 90,
    });
  });

  it('sends the technician as a number, the promise as the end of its day, the deposit with its method', () => {
    const body = newTicketBody({
      ...fields,
      technician: '3',
      promised: '2026-12-01',
      depositFen: 5000,
      method: 'wechat',
      warrantyOf: 41,
    });
    expect(body).toMatchObject({
      technician_id: 3,
      promised_at: dayjs('2026-12-01').endOf('day').unix(),
      deposit: { amount_fen: 5000, method: 'wechat' },
      warranty_of: 41,
    });
    expect(dayjs.unix(body.promised_at!).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-01 23:59:59');
  });

  it('sends a model typed for a device, trimmed', () => {
    const body = newTicketBody({ ...fields, devices: [{ ident: 'H7QX2L9KMN', model: ' iPhone 15 Pro ' }] });
    expect(body.devices).toEqual([{ ident: 'H7QX2L9KMN', model: 'iPhone 15 Pro' }]);
  });
});
