/**
 * Cuts pasted text (a column copied from a spreadsheet, a chat message, OCR output) into candidate
 * identifiers. Shared by the PWA (paste box, photo text) and the server (batch import).
 *
 * Separators: tab, space, ideographic space (U+3000), no-break space, ',' and '，', ';' and '；',
 * '|' and every line ending (\r\n, \n, \r). Pieces are trimmed of any other white space and empty
 * pieces are dropped.
 *
 * Deliberately simple: a label that prints an IMEI in groups ("35 209900 176148 1") is split into
 * its groups, and each group is then rejected as too short. Shops paste from spreadsheets and
 * scanners, which give one unbroken value; grouping digits back together would risk gluing two
 * real identifiers into one. Dash-grouped IMEIs ("35-209900-176148-1") stay whole and
 * parseIdentifier accepts them.
 */
export function splitIdentifierText(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    if (i === n || isSeparator(text.charCodeAt(i))) {
      if (i > start) {
        const piece = text.slice(start, i).trim();
        if (piece !== '') pieces.push(piece);
      }
      start = i + 1;
    }
  }
  return pieces;
}

function isSeparator(c: number): boolean {
  switch (c) {
    case 0x09: // tab
    case 0x0a: // \n
    case 0x0d: // \r (a \r\n pair gives one empty piece, which is dropped)
    case 0x20: // space
    case 0x2c: // ,
    case 0x3b: // ;
    case 0x7c: // |
    case 0xa0: // no-break space (spreadsheets and web pages)
    case 0x3000: // ideographic space
    case 0xff0c: // ，
    case 0xff1b: // ；
      return true;
    default:
      return false;
  }
}
