# Bad input: every case exits 2, names file:line:column, and prints no partial result.

tidemark_expect(NAME error_misspelt_field_in_rule EXIT 2 NO_STDOUT
  ARGS run errors/misspelt-field-in-rule.yaml
  OUTPUT "errors/misspelt-field-in-rule.yaml:12:15: error:|temprature|did you mean 'temperature'?")

tidemark_expect(NAME error_non_number_in_trace EXIT 2 NO_STDOUT
  ARGS run errors/non-number-temperature.yaml
  OUTPUT "non-number-temperature.csv:3:15: error:|temperature|hot")
