// The extension pages' one DOM helper: their elements are written by pages/html.ts, by id.
export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
