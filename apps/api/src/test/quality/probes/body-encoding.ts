import fc from 'fast-check';
import { isContainer, toJsonText, type Json } from './json-value';
import { wellFormed } from './query-encoding';

export type BodyPart = {
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  label: string;
};

export const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
export const TEXT_TYPES = ['text/plain', 'text/plain; charset=utf-8'];
export const REFUSED_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/vnd.api+json',
  'image/png',
];
/** Types whose parsing we do not model: the server may read them as JSON or refuse them. */
const ODD_TYPES = [
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/json, text/plain',
];

export function formEncode(value: Json): string {
  if (!isContainer(value)) return `value=${encodeURIComponent(wellFormed(toJsonText(value)))}`;
  return Object.entries(value)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(typeof v === 'string' ? v : toJsonText(v)))}`,
    )
    .join('&');
}

export function multipart(value: Json): string {
  const entries = isContainer(value) ? Object.entries(value) : [['value', value] as [string, Json]];
  return (
    entries
      .map(
        ([k, v]) => `------fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${toJsonText(v)}\r\n`,
      )
      .join('') + '------fuzz--\r\n'
  );
}

/** `{"a":1}` -> `{"a":1,"a":"' OR 1=1 --"}`: the parser keeps the last one. */
function duplicateFirstKey(text: string): string {
  const key = /^\{("(?:[^"\\]|\\.)*")\s*:/.exec(text)?.[1];
  return key ? `${text.slice(0, -1)},${key}:"' OR 1=1 --"}` : text;
}

/** A JSON value turned into the bytes of a request, well formed or not. */
/** A value in the encoding its content type names; JSON text for any other type. */
export const encodedAs = (contentType: string, value: Json) =>
  contentType.startsWith('application/x-www-form-urlencoded')
    ? formEncode(value)
    : contentType.startsWith('multipart/')
      ? multipart(value)
      : toJsonText(value);

export function encodeBody(value: fc.Arbitrary<Json>): fc.Arbitrary<BodyPart> {
  return fc.oneof(
    {
      arbitrary: fc.tuple(value, fc.constantFrom(...JSON_TYPES)).map(([v, ct]): BodyPart => ({
        contentType: ct,
        payload: toJsonText(v),
        label: 'json',
      })),
      weight: 12,
    },
    {
      arbitrary: fc.tuple(value, fc.nat()).map(([v, cut]): BodyPart => {
        const text = toJsonText(v);
        return {
          contentType: 'application/json',
          payload: text.slice(0, text.length ? cut % text.length : 0),
          label: 'truncated json',
        };
      }),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          value,
          fc.constantFrom('bom', 'trailing', 'duplicate', 'single-quotes', 'comment', 'utf8-garbage'),
        )
        .map(([v, how]): BodyPart => {
          const text = toJsonText(v);
          const payload =
            how === 'bom'
              ? `\ufeff${text}`
              : how === 'trailing'
                ? `${text} x`
                : how === 'duplicate'
                  ? duplicateFirstKey(text)
                  : how === 'single-quotes'
                    ? text.replaceAll('"', "'")
                    : how === 'comment'
                      ? `/* x */${text}`
                      : Buffer.concat([Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from(text)]);
          return { contentType: 'application/json', payload, label: `json variant: ${how}` };
        }),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(value, fc.constantFrom(...TEXT_TYPES)).map(([v, ct]): BodyPart => ({
        contentType: ct,
        payload: typeof v === 'string' ? v : toJsonText(v),
        label: 'text/plain',
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(value, fc.constantFrom(...REFUSED_TYPES, ...ODD_TYPES))
        .map(([v, ct]): BodyPart => ({
          contentType: ct,
          payload: encodedAs(ct, v),
          label: `content type ${ct}`,
        })),
      weight: 3,
    },
    {
      arbitrary: value.map((v): BodyPart => ({
        contentType: undefined,
        payload: toJsonText(v),
        label: 'no content type',
      })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom<BodyPart>(
        { contentType: 'application/json', payload: undefined, label: 'json type, no body' },
        { contentType: undefined, payload: undefined, label: 'no body' },
        { contentType: 'application/json', payload: '', label: 'empty json body' },
      ),
      weight: 1,
    },
    {
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): BodyPart => ({
        contentType: 'application/json',
        payload: Buffer.from(bytes),
        label: 'random bytes',
      })),
      weight: 1,
    },
  );
}
