import { isIsoDate } from '@lender/contract/dates';

/**
 * The agency's reading of a monthly file (docs/credit-reference-protocol.md, 'The fixed-width layout'):
 * its own parser, written from the page and not from the lender's writer, so a writer that drifts
 * from the layout is caught here as it would be by a real agency.
 */
export const LINE_LENGTH = 200;
export const SANDBOX_MEMBER_NUMBER = 'LENDER0001';

export type MonthlyAccountLine = {
  lineNumber: number;
  accountReference: string;
  openedOn: string;
  originalAmountPence: number;
  balancePence: number;
  monthlyPaymentPence: number;
  status: string;
  arrangement: boolean;
  defaultedOn: string | null;
  closedOn: string | null;
  surname: string;
  forename: string;
  birthDate: string;
  addressLine1: string;
  town: string;
  postcode: string;
  line: string;
};

export type LineRejection = { lineNumber: number; reason: string };

export type MonthlyReading =
  | { outcome: 'read'; accepted: MonthlyAccountLine[]; rejected: LineRejection[] }
  /** The header or trailer is wrong, or the trailer does not add up: nothing of the file is taken. */
  | { outcome: 'rejected'; rejection: LineRejection };

/** A field by its 1-based inclusive start and its length, as the layout's tables give them. */
const field = (line: string, pos: number, len: number) => line.slice(pos - 1, pos - 1 + len);

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const LOWER_CASE = /[a-z]/;

class FieldError extends Error {}

const digits = (value: string, name: string) => {
  if (!/^\d+$/.test(value)) throw new FieldError(`${name} is not a zero-padded number: '${value}'`);
  return Number(value);
};

const dateOf = (value: string, name: string, optional = false): string | null => {
  if (optional && value.trim() === '') return null;
  const iso = /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : '';
  if (!isIsoDate(iso)) throw new FieldError(`${name} is not a calendar date (YYYYMMDD): '${value}'`);
  return iso;
};

/** Text: upper case, left-aligned (no leading space), space-padded. */
const textOf = (value: string, name: string, required: boolean) => {
  if (LOWER_CASE.test(value)) throw new FieldError(`${name} is not upper case: '${value.trimEnd()}'`);
  if (value.startsWith(' ') && value.trim() !== '') throw new FieldError(`${name} is not left-aligned`);
  const trimmed = value.trimEnd();
  if (required && trimmed === '') throw new FieldError(`${name} is empty`);
  return trimmed;
};

/** The reason a line's shape is wrong (length, characters), or null. */
function shapeError(line: string): string | null {
  if (!PRINTABLE_ASCII.test(line)) return 'the line holds a character that is not printable ASCII';
  if (line.length !== LINE_LENGTH) return `the line is ${line.length} characters, not ${LINE_LENGTH}`;
  return null;
}

function readAccountLine(line: string, lineNumber: number): MonthlyAccountLine {
  const shape = shapeError(line);
  if (shape) throw new FieldError(shape);
  if (line[0] !== 'A') throw new FieldError(`record type '${line[0]}' is not A (an account line)`);
  const status = field(line, 60, 1);
  if (!/^[0-6DS]$/.test(status)) throw new FieldError(`status '${status}' is not 0-6, D or S`);
  const arrangementFlag = field(line, 61, 1);
  if (arrangementFlag !== 'Y' && arrangementFlag !== 'N') {
    throw new FieldError(`arrangement flag '${arrangementFlag}' is not Y or N`);
  }
  const defaultedOn = dateOf(field(line, 62, 8), 'default date', true);
  if (status === 'D' && defaultedOn === null) throw new FieldError('status D without a default date');
  return {
    lineNumber,
    accountReference: textOf(field(line, 2, 20), 'account reference', true),
    openedOn: dateOf(field(line, 22, 8), 'open date')!,
    originalAmountPence: digits(field(line, 30, 10), 'original amount'),
    balancePence: digits(field(line, 40, 10), 'balance'),
    monthlyPaymentPence: digits(field(line, 50, 10), 'monthly payment'),
    status,
    arrangement: arrangementFlag === 'Y',
    defaultedOn,
    closedOn: dateOf(field(line, 70, 8), 'settled / closed date', true),
    surname: textOf(field(line, 78, 30), 'surname', true),
    forename: textOf(field(line, 108, 30), 'forename', false),
    birthDate: dateOf(field(line, 138, 8), 'date of birth')!,
    addressLine1: textOf(field(line, 146, 30), 'address line 1', false),
    town: textOf(field(line, 176, 17), 'town', false),
    postcode: textOf(field(line, 193, 8), 'postcode', false),
    line,
  };
}

function headerError(line: string, month: string): string | null {
  const shape = shapeError(line);
  if (shape) return `header: ${shape}`;
  if (line[0] !== 'H') return 'the first line is not a header (H)';
  if (field(line, 2, 10) !== SANDBOX_MEMBER_NUMBER) {
    return `header: member number '${field(line, 2, 10)}' is not ${SANDBOX_MEMBER_NUMBER}`;
  }
  if (field(line, 12, 6) !== month.replace('-', '')) {
    return `header: month '${field(line, 12, 6)}' is not the month sent (${month})`;
  }
  try {
    dateOf(field(line, 18, 8), 'header: file date');
  } catch (err) {
    return (err as Error).message;
  }
  if (field(line, 26, 175).trim() !== '') return 'header: positions 26-200 are not spaces';
  return null;
}

function trailerError(line: string): string | null {
  const shape = shapeError(line);
  if (shape) return `trailer: ${shape}`;
  if (line[0] !== 'T') return 'the last line is not a trailer (T)';
  if (!/^\d{8}$/.test(field(line, 2, 8))) return 'trailer: the count is not an 8-digit number';
  if (!/^\d{14}$/.test(field(line, 10, 14))) return 'trailer: the sum of balances is not a 14-digit number';
  if (field(line, 24, 177).trim() !== '') return 'trailer: positions 24-200 are not spaces';
  return null;
}

/**
 * Reads `file` as the snapshot of `month` (yyyy-mm). An account line that breaks its format is rejected
 * alone; a wrong header or trailer, or a trailer whose count (of every line between them) or sum (of
 * every balance that is a number) does not match, rejects the whole file.
 */
export function readMonthlyFile(file: string, month: string): MonthlyReading {
  const whole = (lineNumber: number, reason: string): MonthlyReading => ({
    outcome: 'rejected',
    rejection: { lineNumber, reason },
  });
  if (file === '') return whole(1, 'the file is empty');
  if (!file.endsWith('\n'))
    return whole(file.split('\n').length, 'the last line does not end with a newline');
  const lines = file.slice(0, -1).split('\n');
  const header = headerError(lines[0]!, month);
  if (header) return whole(1, header);
  if (lines.length < 2) return whole(2, 'the file has no trailer');
  const trailerNumber = lines.length;
  const trailerLine = lines[trailerNumber - 1]!;
  const trailer = trailerError(trailerLine);
  if (trailer) return whole(trailerNumber, trailer);

  const accepted: MonthlyAccountLine[] = [];
  const rejected: LineRejection[] = [];
  let sum = 0;
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const balance = field(line, 40, 10);
    if (/^\d{10}$/.test(balance)) sum += Number(balance);
    try {
      accepted.push(readAccountLine(line, i + 1));
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      rejected.push({ lineNumber: i + 1, reason: err.message });
    }
  }
  const count = lines.length - 2;
  const trailerCount = Number(field(trailerLine, 2, 8));
  const trailerSum = Number(field(trailerLine, 10, 14));
  if (trailerCount !== count) {
    return whole(trailerNumber, `trailer: the count ${trailerCount} is not the ${count} account lines`);
  }
  if (trailerSum !== sum) {
    return whole(trailerNumber, `trailer: the sum ${trailerSum} is not the ${sum} of the balances`);
  }
  return { outcome: 'read', accepted, rejected };
}
