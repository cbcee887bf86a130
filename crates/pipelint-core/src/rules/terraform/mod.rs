//! Findings of the Terraform reader: what a `.tf` file says that is not a create-pipe body's
//! concern (its syntax, the block form, values that are expressions). The create-pipe rules
//! themselves run unchanged on each `clickhouse_clickpipe` resource.

super::rule_files! {
    terraform_block_form,
    terraform_kinesis_timestamp,
    terraform_syntax,
    terraform_unchecked_values,
}
