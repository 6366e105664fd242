import type { LookupAddress } from '@lender/contract/rules/address';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findAddresses } from '../../lib/api/find-address';
import { AddressFields, emptyAddress, type AddressValues } from './address-fields';

vi.mock('../../lib/api/find-address', () => ({ findAddresses: vi.fn(), retrieveAddress: vi.fn() }));

const downingStreet = (n: number, i: number): LookupAddress => ({
  Id: `GB|SANDBOX|SW1A2AA|${i}`,
  PostalCode: 'SW1A 2AA',
  Province: 'Greater London',
  City: 'London',
  Street: 'Downing Street',
  BuildingName: '',
  BuildingNumber: String(n),
  SubBuilding: '',
  Label: `${n} Downing Street, London, SW1A 2AA`,
});
const FOUND = [10, 11, 12].map((n, i) => downingStreet(n, i + 1));

type Form = UseFormReturn<AddressValues & Record<string, unknown>>;
let form: Form;

function Harness() {
  const f = useForm<AddressValues & Record<string, unknown>>({ defaultValues: emptyAddress });
  form = f;
  return (
    <form>
      <AddressFields form={f} />
      <button type="submit">Next</button>
    </form>
  );
}

const listbox = () => screen.getByRole('listbox', { name: 'Select your address' });
const activeOption = () => {
  const id = listbox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

async function searchSW1A(user = userEvent.setup()) {
  render(<Harness />);
  await user.type(screen.getByLabelText('Post code'), 'SW1A 2AA');
  await user.click(screen.getByRole('button', { name: 'Find address' }));
  await screen.findByRole('listbox');
  return user;
}

beforeEach(() => {
  vi.mocked(findAddresses).mockReset().mockResolvedValue(FOUND);
});

describe('Address picker', () => {
  it('announces how many addresses were found and takes focus to the list, first option active', async () => {
    await searchSW1A();
    expect(findAddresses).toHaveBeenCalledWith('SW1A 2AA');
    expect(screen.getByRole('status').textContent).toBe('3 addresses found');
    expect(document.activeElement).toBe(listbox());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(FOUND.map((a) => a.Label));
    expect(activeOption()?.textContent).toBe('10 Downing Street, London, SW1A 2AA');
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('option', { selected: false })).toHaveLength(2);
  });

  it('arrow keys move the active option without picking; Enter picks and focuses the filled address', async () => {
    const user = await searchSW1A();
    await user.keyboard('{ArrowDown}');
    expect(form.getValues('address')).toBe('');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()?.textContent).toBe('12 Downing Street, London, SW1A 2AA');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()?.textContent).toBe('11 Downing Street, London, SW1A 2AA');
    await user.keyboard('{End}');
    expect(activeOption()?.textContent).toBe('12 Downing Street, London, SW1A 2AA');
    await user.keyboard('{Home}');
    expect(activeOption()?.textContent).toBe('10 Downing Street, London, SW1A 2AA');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    const current = screen.getByLabelText('Current address');
    expect(current).toHaveProperty('value', '12 Downing Street, London, SW1A 2AA');
    expect(document.activeElement).toBe(current);
    expect(form.getValues()).toMatchObject({
      postCode: 'SW1A 2AA',
      houseNumber: '12',
      street: 'Downing Street',
      town: 'London',
      county: 'Greater London',
      building: '',
      flatNo: '',
    });
  });

  it('type-ahead jumps to the address starting with what is typed', async () => {
    const user = await searchSW1A();
    await user.keyboard('12');
    expect(activeOption()?.textContent).toBe('12 Downing Street, London, SW1A 2AA');
  });

  it('a click or tap picks', async () => {
    const user = await searchSW1A();
    await user.click(screen.getByRole('option', { name: '11 Downing Street, London, SW1A 2AA' }));
    expect(screen.getByLabelText('Current address')).toHaveProperty(
      'value',
      '11 Downing Street, London, SW1A 2AA',
    );
  });

  it('Escape closes the list, clears what a pick fills and returns focus to Find address', async () => {
    const user = await searchSW1A();
    await user.keyboard('{Enter}');
    expect(form.getValues('address')).toBe('10 Downing Street, London, SW1A 2AA');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Find address' }));
    expect(form.getValues()).toMatchObject({
      address: '',
      houseNumber: '',
      street: '',
      town: '',
      county: '',
    });
    expect(form.getValues('postCode')).toBe('SW1A 2AA');
  });

  it('Enter in the post code searches instead of sending the form', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((e: SubmitEvent) => e.preventDefault());
    render(<Harness />);
    document.querySelector('form')!.addEventListener('submit', submitted);
    await user.type(screen.getByLabelText('Post code'), 'SW1A 2AA{Enter}');
    await screen.findByRole('listbox');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('announces the count again after a second search with the same count', async () => {
    let resolve: (v: LookupAddress[]) => void = () => {};
    const user = await searchSW1A();
    vi.mocked(findAddresses).mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => resolve(FOUND));
    expect(screen.getByRole('status').textContent).toBe('3 addresses found');
  });

  it('says so when a postcode has no addresses', async () => {
    vi.mocked(findAddresses).mockResolvedValue([]);
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Post code'), 'ZZ1 1ZZ');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    const message =
      'We could not find any addresses at that post code. Check it, or enter your address manually.';
    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('manual fields: optional ones say so, and the one-of rule is a hint on flat, building and house', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    for (const required of ['Post code', 'Street', 'Town/City']) {
      expect(screen.getByLabelText(required)).toBeTruthy();
    }
    expect(screen.getByLabelText('County (optional)')).toBeTruthy();
    const hint = 'Enter at least one of flat number, building name or house number.';
    for (const label of ['Flat number', 'Building name', 'House number']) {
      const input = screen.getByLabelText(label);
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
      expect(described).toContain(hint);
    }
    expect(screen.getAllByText(hint)).toHaveLength(1);
  });
});
