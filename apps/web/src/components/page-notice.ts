import { createContext, type ReactNode } from 'react';

/**
 * What an area shows under the heading of each of its pages (the signed-in area's loan state), without
 * every page having to place it: `Page` renders it after the h1.
 */
export const PageNoticeContext = createContext<ReactNode>(null);
