import { decodeIdentifier } from '#contract/identifiers/decode.ts';
import type { IdentifierForm, IdentifierKind } from '#contract/identifiers/parse.ts';
import type { NewDevice } from './order-device-repository.ts';

/**
 * A device as order_create stores it: its identifier, and what the identifier itself tells without
 * a paid call (contract/identifiers/decode.ts): the TAC's brand and model for an IMEI; factory,
 * manufacture week and (through the configuration-code table) model, colour and capacity for an 11-
 * or 12-character serial. `manufactured` is "YYYY-Www" (the decoder's 7-day week), or "YYYY".
 */
export function newDevice(line: {
  raw: string;
  kind: IdentifierKind;
  form: IdentifierForm;
  value: string;
}): NewDevice {
  const facts = decodeIdentifier(line.value, line.form);
  const device: NewDevice = {
    input: line.raw.trim(),
    ident: line.value,
    sn: line.kind === 'sn' ? line.value : null,
    imei: line.kind === 'imei' ? line.value : null,
    tac_model: null,
    factory: null,
    manufactured: null,
    model: null,
    colour: null,
    capacity: null,
  };
  if (facts.imei?.model) device.tac_model = [facts.imei.brand, facts.imei.model].filter(Boolean).join(' ');
  const serial = facts.serial;
  if (serial) {
    device.factory = serial.factory;
    if (serial.year !== null)
      device.manufactured =
        serial.week !== null
          ? `${serial.year}-W${String(serial.week).padStart(2, '0')}`
          : String(serial.year);
    device.tac_model = serial.model;
    device.model = serial.model;
    device.colour = serial.colour;
    device.capacity = serial.capacity;
  }
  return device;
}
