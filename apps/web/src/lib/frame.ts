import { createContext } from 'react';

/**
 * True while the build draws the frame of a signed-in page its route shell opens with (build/route-
 * shells.ts): the page as a signed-in customer sees it before anything of theirs is read, header,
 * heading and skeleton, painted with the HTML rather than after the page's script. Nothing personal
 * is in it: the route shell's early script writes where the loan stands into it (lib/frame-banner.ts),
 * and React draws the page over it once its code is in (main.tsx). Issue 50.
 */
export const FrameContext = createContext(false);
