//! Findings of the Terraform reader: what a `.tf` file says that is not a create-pipe body's
//! concern (its syntax; what `terraform validate`, `plan` and `apply` reject by the
//! provider's schema and checks; values that are expressions). The create-pipe rules
//! themselves run unchanged on each `clickhouse_clickpipe` resource.

super::entry_files! {
    terraform_apply_fails,
    terraform_block_form,
    terraform_invalid_argument,
    terraform_kinesis_timestamp,
    terraform_plan_fails,
    terraform_plan_warns,
    terraform_syntax,
    terraform_unchecked_values,
    terraform_unsupported_argument,
}
