import { TIMINGS } from '@lender/contract/timings';

type Fingerprint = {
  /** The provider's fingerprint page, from the tokenisation's answer. */
  fingerprintUrl: string;
  trxId: string;
  /** Where the 3-D Secure method reports that it has finished. */
  notificationUrl: string;
  timeoutMs?: number;
};

/** base64url of UTF-8 text, as the 3-D Secure method data is encoded. */
function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const threeDSMethodData = (trxId: string, notificationUrl: string) =>
  toBase64Url(JSON.stringify({ threeDSServerTransID: trxId, threeDSMethodNotificationURL: notificationUrl }));

let frames = 0;

/**
 * The 3-D Secure method: posts the method data into a hidden frame and resolves true when the frame
 * has loaded the provider's answer within the timeout (3000 ms), false when it has not: the check then
 * goes on without it (decision 014's isSignature). The frame and its form are removed either way.
 */
export function runFingerprint({
  fingerprintUrl,
  trxId,
  notificationUrl,
  timeoutMs = TIMINGS.fingerprintTimeoutMs,
}: Fingerprint): Promise<boolean> {
  const name = `card-fingerprint-${++frames}`;
  const frame = document.createElement('iframe');
  frame.name = name;
  frame.title = 'Card security check';
  frame.hidden = true;
  frame.width = '0';
  frame.height = '0';
  frame.tabIndex = -1;

  const form = document.createElement('form');
  form.method = 'POST';
  form.action = fingerprintUrl;
  form.target = name;
  form.hidden = true;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'threeDSMethodData';
  field.value = threeDSMethodData(trxId, notificationUrl);
  form.append(field);

  // Appended before the listener: an empty frame fires its own load event as it is inserted.
  document.body.append(frame, form);

  return new Promise<boolean>((resolve) => {
    const finish = (answered: boolean) => {
      clearTimeout(timer);
      frame.removeEventListener('load', onLoad);
      frame.remove();
      form.remove();
      resolve(answered);
    };
    const onLoad = () => finish(true);
    const timer = setTimeout(() => finish(false), timeoutMs);
    frame.addEventListener('load', onLoad);
    form.submit();
  });
}
