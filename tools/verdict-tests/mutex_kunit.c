// SPDX-License-Identifier: GPL-2.0
/* The suite definitions of kernel/locking/mutex_kunit.c, trimmed: the
 * suites pass.json, fail.json and missing-suite.json (kunit.py's JSON of
 * x86_64-base, trimmed) are checked against; mutex_ww is left out by a
 * .config with PREEMPT_RT. */
static struct kunit_suite mutex_owner_encoding_suite = {
	.name = "mutex_owner_encoding",
	.test_cases = mutex_owner_encoding_cases,
};

static struct kunit_suite mutex_config_suite = {
	.name = "mutex_config",
	.test_cases = mutex_config_cases,
};

#ifndef CONFIG_PREEMPT_RT
static struct kunit_suite mutex_ww_suite = {
	.name = "mutex_ww",
	.test_cases = mutex_ww_cases,
};
#endif

static struct kunit_suite mutex_debug_suite = {
	.name = "mutex_debug",
	.test_cases = mutex_debug_cases,
};
