import { describe, expect, it } from 'vitest';
import { hydrationMayYield } from './hydration-may-yield';

// jsdom does not disable a disabled fieldset's fields for `:disabled`, as browsers do; the browser test
// (e2e/tests/prerender.spec.ts) runs this on the real pages, home's disabled loan picker among them.

function page(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('hydrationMayYield', () => {
  it('yields when every control is disabled or inside an inert part', () => {
    const root = page(`
      <h1 tabindex="-1">Apply for a loan</h1>
      <a href="/">Home</a>
      <button disabled>Menu</button>
      <div inert><form><input name="firstName" /><select><option>Mr</option></select>
        <textarea></textarea><button type="submit">Next</button></form></div>`);
    expect(hydrationMayYield(root)).toBe(true);
  });

  it('does not yield when a button could be pressed before React has it', () => {
    expect(hydrationMayYield(page('<div inert><input /></div><button>Pause</button>'))).toBe(false);
  });

  it('does not yield for a field, a native disclosure or a focusable element outside an inert part', () => {
    expect(hydrationMayYield(page('<input name="postcode" />'))).toBe(false);
    expect(hydrationMayYield(page('<details><summary>Fees</summary><p>None</p></details>'))).toBe(false);
    expect(hydrationMayYield(page('<div tabindex="0" role="button">Next</div>'))).toBe(false);
  });
});
