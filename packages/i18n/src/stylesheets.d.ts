// fonts.ts imports font stylesheets for their effect alone; the front ends' bundler (Vite) loads them. The
// package is checked without Vite's client types (it is shared with the server), so they are declared here.
declare module '*.css' {}
