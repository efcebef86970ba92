import { QRCodeSVG } from 'qrcode.react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { CONDITION_PARTS } from '#contract/values/counter-tickets.ts';
import type { RepairSettingsDatas } from '#contract/schemas/repairs-monitors.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { CONDITION_PART_WORDS, CONDITION_STATE_WORDS, LINE_KIND_WORDS } from '../model/counter-words.ts';
import { maskPhone } from '#src/lib/mask-phone.ts';
import { yuan } from '../model/money-text.ts';
import {
  depositFen,
  quoteOf,
  warrantyUntil,
  type ReceiptKind,
  type ReceiptSize,
  type ReceiptTicket,
} from '../model/receipt.ts';
import classes from './receipt.module.css';

interface ReceiptProps {
  ticket: ReceiptTicket;
  customer: CustomerRow;
  shop: RepairSettingsDatas | undefined;
  /** The shop's receipt terms (counter settings), printed above the intake copy's signature line. */
  terms: string;
  kind: ReceiptKind;
  size: ReceiptSize;
  /** The status link's full URL (its QR is printed). */
  statusUrl: string;
  nowS: number;
}

/**
 * The customer's copy of a ticket, in the language of the i18n provider around it (the customer's):
 * intake (what was handed over, the quote, the deposit, a signature line) or collection (work done,
 * parts, paid, warranty). Rendered with useLingui, so its words follow that provider, not the screen.
 */
export function Receipt({ ticket, customer, shop, terms, kind, size, statusUrl, nowS }: ReceiptProps) {
  const { t, i18n } = useLingui();
  const quote = quoteOf(ticket);
  const approved = ticket.lines.filter((l) => l.state === 'approved');
  const paperClass = size === 'a4' ? classes.a4 : classes.thermal;
  const date = (s: number) => formatDateTime(s, 'YYYY-MM-DD');
  return (
    <article
      className={`${classes.receipt} ${paperClass}`}
      lang={i18n.locale}
      data-testid="receipt"
      data-kind={kind}
      data-size={size}
      data-lang={i18n.locale}
    >
      <div className={classes.head}>
        <div>
          <h1>{shop?.contact_name || t`Repair receipt`}</h1>
          {shop && (
            <div>
              <Ltr>{[shop.contact_phone, shop.contact_address].filter(Boolean).join(' · ')}</Ltr>
            </div>
          )}
          <div data-testid="receipt-title">
            <strong>{kind === 'intake' ? t`Intake receipt` : t`Collection receipt`}</strong>
            {' · '}
            <Ltr>{ticket.no_text}</Ltr>
          </div>
          <div>
            {customer.name}
            {customer.phones[0] && (
              <>
                {' · '}
                <Ltr>{maskPhone(customer.phones[0])}</Ltr>
              </>
            )}
          </div>
          <div>{t`Taken in: ${date(ticket.created_at)}`}</div>
        </div>
        <figure style={{ margin: 0, textAlign: 'center' }}>
          <QRCodeSVG
            value={statusUrl}
            size={size === 'a4' ? 96 : 120}
            data-testid="receipt-qr"
            data-url={statusUrl}
          />
          <figcaption style={{ fontSize: '0.8em' }}>{t`Scan to follow the repair`}</figcaption>
        </figure>
      </div>
      <h2>{t({ message: 'Devices', context: 'the heading of a list of devices' })}</h2>
      <table>
        <tbody>
          {ticket.devices.map((d) => (
            <tr key={d.id} data-testid="receipt-device">
              <td>{d.model ?? '—'}</td>
              <td>
                <Ltr>{d.ident}</Ltr>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {kind === 'intake' ? (
        <>
          <h2>{t`Fault as told`}</h2>
          <p style={{ margin: 0 }}>{ticket.fault}</p>
          <h2>{t`Condition at intake`}</h2>
          <table data-testid="receipt-condition">
            <tbody>
              {CONDITION_PARTS.map((part) => (
                <tr key={part}>
                  <td>{i18n._(CONDITION_PART_WORDS[part])}</td>
                  <td>{i18n._(CONDITION_STATE_WORDS[ticket.condition[part]])}</td>
                </tr>
              ))}
              <tr>
                <td>{t`Accessories left`}</td>
                <td>{ticket.condition.accessories || '—'}</td>
              </tr>
              <tr>
                <td>{t`Passcode given`}</td>
                <td>{ticket.condition.passcode_given ? t`Yes` : t`No`}</td>
              </tr>
            </tbody>
          </table>
          <h2>{t`Quote`}</h2>
          {quote.lines.length === 0 ? (
            <p style={{ margin: 0 }}>{t`The quote follows after diagnosis.`}</p>
          ) : (
            <LinesTable lines={quote.lines} totalFen={quote.totalFen} />
          )}
          <p data-testid="receipt-deposit">
            <Trans>Deposit paid: {yuan(depositFen(ticket))}</Trans>
          </p>
          <TermsAndSignature terms={terms} />
        </>
      ) : (
        <>
          <h2>{t`Work done`}</h2>
          {approved.length === 0 ? (
            <p style={{ margin: 0 }}>—</p>
          ) : (
            <LinesTable lines={approved} totalFen={ticket.due_fen} />
          )}
          <p data-testid="receipt-paid">
            <Trans>Paid: {yuan(ticket.paid_fen - ticket.refunded_fen)}</Trans>
          </p>
          <p data-testid="receipt-warranty">
            <Trans>
              Repair warranty: <Plural value={ticket.warranty_days} one="# day" other="# days" />, until{' '}
              {date(warrantyUntil(ticket, nowS))}
            </Trans>
          </p>
        </>
      )}
    </article>
  );
}

/** The shop's terms (when it has any), then the line the customer signs under them. */
function TermsAndSignature({ terms }: { terms: string }) {
  const { t } = useLingui();
  return (
    <>
      {terms.trim() !== '' && (
        <p className={classes.terms} data-testid="receipt-terms">
          {terms}
        </p>
      )}
      <div className={classes.signature} data-testid="receipt-signature">
        {t`Customer's signature`}
      </div>
    </>
  );
}

function LinesTable({ lines, totalFen }: { lines: ReceiptTicket['lines']; totalFen: number }) {
  const { t, i18n } = useLingui();
  return (
    <table data-testid="receipt-lines">
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <td>{i18n._(LINE_KIND_WORDS[l.kind])}</td>
            <td>{l.description}</td>
            <td className={classes.num}>×{l.qty}</td>
            <td className={classes.num}>
              <Ltr>{yuan(l.qty * l.unit_fen)}</Ltr>
            </td>
          </tr>
        ))}
        <tr>
          <td colSpan={3}>
            <strong>{t`Total`}</strong>
          </td>
          <td className={classes.num}>
            <strong>
              <Ltr>{yuan(totalFen)}</Ltr>
            </strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}
