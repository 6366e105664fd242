import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet heading="Contact Details" subheading="Change Address" about="Tell us when you move home." />
  );
}
