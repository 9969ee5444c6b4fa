workspace "Hostile \" ]; end %% --> $ {x} /" "" {
    model {
        n_click = person "deploymentNode \"x\" {" "Web browser" "client"
        system = softwareSystem "Hostile \" ]; end %% --> $ {x} /" {
            n_end_1 = container "a\"]; click a call evil() %% <script>alert(1)</script>" "end-1" "AWS Lambda" "function,aws"
            n_subgraph = container "line one line two/" "subgraph" "Amazon DynamoDB" "nosql-database,aws,Datastore"
            n_style = container "#quot; #35; &lt; | ; } -> $ {var} /\"" "style" "Amazon SQS (standard queue)" "queue,aws,Pipe"
        }
        n_click -> n_end_1 "|\"] --> style; $ {x} /" "" "request"
        n_end_1 -> n_subgraph "<i>x</i> #quot;" "" "data"
        n_end_1 -> n_style "" "" "event"
        deploymentEnvironment "Design" {
            g_end = deploymentNode "subgraph end\"] <b>&amp;</b>" "" "region" {
                g_class = deploymentNode "zone } { shape: circle" "" "zone" {
                    containerInstance n_end_1
                }
                containerInstance n_subgraph
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_style
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
