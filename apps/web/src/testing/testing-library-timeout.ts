import { configure } from '@testing-library/dom';

// Testing Library waits 1 s for a findBy / waitFor by default. On the 2-core CI machine the unit
// stage runs the avatar corpus in the other worker, and a route that renders in well under 100 ms
// alone took over a second there (edit-avatar-route: "Unable to find role=heading"): the waits get
// 5 s, as the slower hooks' tests already asked for one by one.
configure({ asyncUtilTimeout: 5000 });
