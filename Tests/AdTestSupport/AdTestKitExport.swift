// The project's tests import AdTestSupport for its project-only helpers (fixture paths, the loopback HTTP server,
// process memory) and get the shipped test kit with it: the test host and scripted provider every vendor uses.
@_exported public import AdTestKit
