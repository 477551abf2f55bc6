// Filled by the issue-11 support inbox work in progress (the route is wired first).
export default function Support() {
  return null;
}
